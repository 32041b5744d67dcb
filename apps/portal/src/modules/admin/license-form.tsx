import type { License } from '../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';

interface LicenseFormProps {
  /** The license being edited, or undefined for a new one. */
  license?: License;
  onSave: (name: string, values: Omit<License, 'name'>) => Promise<void>;
  onCancel?: () => void;
}

const NAME_PATTERN = '[a-z0-9][a-z0-9_\\-]{0,63}';

function toInteger(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function LicenseForm({ license, onSave, onCancel }: LicenseFormProps) {
  const [name, setName] = useState(license?.name ?? '');
  const [quota, setQuota] = useState(
    license?.monthlyQuota === null || !license ? '' : String(license.monthlyQuota),
  );
  const [perSecond, setPerSecond] = useState(String(license?.perSecond ?? 20));
  const [perMinute, setPerMinute] = useState(String(license?.perMinute ?? 1200));
  const [perHour, setPerHour] = useState(String(license?.perHour ?? 72000));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = {
      monthlyQuota: quota.trim() === '' ? null : toInteger(quota),
      perSecond: toInteger(perSecond),
      perMinute: toInteger(perMinute),
      perHour: toInteger(perHour),
    };
    const bad = Object.entries(values).find(([, value]) => value !== null && Number.isNaN(value));
    if (bad) {
      setError(`${bad[0]} must be a whole number.`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSave(name.trim(), values);
      if (!license) {
        setName('');
        setQuota('');
      }
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
            value={name}
            onChange={(e) => setName(e.target.value)}
            hint="a-z, 0-9, _ and -"
          />
        )}
        <Field
          label="Monthly quota"
          name="license-quota"
          inputMode="numeric"
          value={quota}
          onChange={(e) => setQuota(e.target.value)}
          hint="Empty = unlimited."
        />
        <Field
          label="Per second"
          name="license-per-second"
          inputMode="numeric"
          required
          value={perSecond}
          onChange={(e) => setPerSecond(e.target.value)}
        />
        <Field
          label="Per minute"
          name="license-per-minute"
          inputMode="numeric"
          required
          value={perMinute}
          onChange={(e) => setPerMinute(e.target.value)}
        />
        <Field
          label="Per hour"
          name="license-per-hour"
          inputMode="numeric"
          required
          value={perHour}
          onChange={(e) => setPerHour(e.target.value)}
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
