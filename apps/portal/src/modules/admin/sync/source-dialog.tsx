import type { DrawSource, SourceAdapter } from '../../../app/api-types';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { LotteryTagPicker } from '../../../components/lottery-tag-picker';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { useFocusInvalid } from '../../../components/use-focus-invalid';
import {
  ADAPTERS,
  MAPPING_EXAMPLE,
  sourceBody,
  sourceErrors,
  valuesOf,
  type SourceBody,
  type SourceErrors,
} from './source-values';

interface SourceDialogProps {
  /** The source to edit; null to set one for a lottery that has none. */
  source: DrawSource | null;
  /** Saves the source; an error it throws is shown at its field and the dialog stays open. */
  onSave: (lottery: string, body: SourceBody) => Promise<void>;
  onClose: () => void;
}

/** Sets a lottery's draw source: the adapter, the URL, and for the generic adapter its mapping as JSON. */
export function SourceDialog({ source, onSave, onClose }: SourceDialogProps) {
  const [values, setValues] = useState(() => valuesOf(source));
  const [errors, setErrors] = useState<SourceErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusInvalid(form, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = sourceBody(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(values.lottery.trim(), checked.body);
      onClose();
    } catch (caught) {
      setErrors(sourceErrors(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title={source ? `Source of ${source.lottery}` : 'New source'} onClose={onClose}>
      {/* noValidate: the API checks the source, and its message is shown at the field it is about. */}
      <form ref={form} onSubmit={submit} noValidate>
        <p className="small muted">
          A new adapter or URL starts the sync state afresh. The server polls enabled sources after each
          scheduled draw (unless it runs with <code>SYNC=off</code>); “Sync now” in the sources table syncs at
          once. The fallbacks stay as they are.
        </p>
        <Alert>{errors.form}</Alert>
        {!source && (
          <LotteryTagPicker
            label="Lottery"
            multiple={false}
            value={values.lottery ? [values.lottery] : []}
            onChange={(tags) => setValues((v) => ({ ...v, lottery: tags[0] ?? '' }))}
            error={errors.lottery}
          />
        )}
        <SelectField
          label="Adapter"
          name="source-adapter"
          value={values.adapter}
          onChange={(e) => setValues((v) => ({ ...v, adapter: e.target.value as SourceAdapter }))}
          hint="The two New York adapters read NY State's open data; the generic one reads any JSON or CSV."
        >
          {ADAPTERS.map((adapter) => (
            <option key={adapter.value} value={adapter.value}>
              {adapter.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="URL"
          name="source-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://data.ny.gov/resource/d6yy-54nr.json"
          value={values.url}
          onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
          hint="An http or https address the server can reach."
          error={errors.url}
          data-autofocus={source ? true : undefined}
        />
        {values.adapter === 'generic' && (
          <TextAreaField
            label="Mapping (JSON)"
            name="source-mapping"
            rows={9}
            spellCheck={false}
            className="code-input"
            placeholder={MAPPING_EXAMPLE}
            value={values.mapping}
            onChange={(e) => setValues((v) => ({ ...v, mapping: e.target.value }))}
            hint={
              <>
                Which fields hold the date and the numbers: <code>format</code> (json, csv or xml),{' '}
                <code>date</code>, <code>main</code> and, if any, <code>special</code>; see the README,
                “Adding or changing a source”.
              </>
            }
            error={errors.mapping}
          />
        )}
        <label className="check">
          <input
            type="checkbox"
            name="source-enabled"
            checked={values.enabled}
            onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))}
          />
          <span>Enabled (unticked: the source is kept but never polled)</span>
        </label>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save source'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
