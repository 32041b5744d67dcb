import type { License } from '../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';

interface LicenseFormProps {
  /** The license being edited, or undefined for a new one. */
  license?: License;
  onSave: (license: License) => Promise<void>;
  onCancel?: () => void;
}

const NAME_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,63}';

/** A new license starts from the public service's rate limits. */
const NEW = { name: '', quota: '', perSecond: '20', perMinute: '1200', perHour: '72000' };
type Values = typeof NEW;

function valuesOf(license: License): Values {
  return {
    name: license.name,
    quota: license.monthlyQuota === null ? '' : String(license.monthlyQuota),
    perSecond: String(license.perSecond),
    perMinute: String(license.perMinute),
    perHour: String(license.perHour),
  };
}

function toInteger(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function LicenseForm({ license, onSave, onCancel }: LicenseFormProps) {
  const [values, setValues] = useState<Values>(license ? valuesOf(license) : NEW);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const numbers = {
      monthlyQuota: values.quota.trim() === '' ? null : toInteger(values.quota),
      perSecond: toInteger(values.perSecond),
      perMinute: toInteger(values.perMinute),
      perHour: toInteger(values.perHour),
    };
    const bad = Object.entries(numbers).find(([, value]) => value !== null && Number.isNaN(value));
    if (bad) {
      setError(`${bad[0]} must be a whole number.`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSave({ name: values.name.trim(), ...numbers });
      // A saved new license leaves an empty form, so that the next one does not start from its values.
      if (!license) setValues(NEW);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Alert>{error}</Alert>
      <div className="row">
        {!license && (
          <Field
            label="Name"
            name="license-name"
            required
            pattern={NAME_PATTERN}
            value={values.name}
            onChange={set('name')}
            hint="a-z, 0-9, _ and -"
          />
        )}
        <Field
          label="Monthly quota"
          name="license-quota"
          inputMode="numeric"
          value={values.quota}
          onChange={set('quota')}
          hint="Empty = unlimited."
        />
        <Field
          label="Per second"
          name="license-per-second"
          inputMode="numeric"
          required
          value={values.perSecond}
          onChange={set('perSecond')}
        />
        <Field
          label="Per minute"
          name="license-per-minute"
          inputMode="numeric"
          required
          value={values.perMinute}
          onChange={set('perMinute')}
        />
        <Field
          label="Per hour"
          name="license-per-hour"
          inputMode="numeric"
          required
          value={values.perHour}
          onChange={set('perHour')}
        />
      </div>
      <div className="actions form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : license ? 'Save' : 'Create license'}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
