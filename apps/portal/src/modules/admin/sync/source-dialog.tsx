import type { DrawSource } from '../../../app/api-types';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { LotteryTagPicker } from '../../../components/lottery-tag-picker';
import { SelectField } from '../../../components/select-field';
import { TextAreaField } from '../../../components/text-area-field';
import { resolverOf, showRefusal } from '../../../components/form-errors';
import {
  ADAPTERS,
  MAPPING_EXAMPLE,
  sourceBody,
  sourceErrors,
  sourceValueErrors,
  valuesOf,
  type SourceBody,
  type SourceValues,
} from './source-values';
import { FormActions } from '../../../components/form-actions';

interface SourceDialogProps {
  /** The source to edit; null to set one for a lottery that has none. */
  source: DrawSource | null;
  /** Saves the source; an error it throws is shown at its field and the dialog stays open. */
  onSave: (lottery: string, body: SourceBody) => Promise<void>;
  onClose: () => void;
}

/** Sets a lottery's draw source: the adapter, the URL, and for the generic adapter its mapping as JSON. */
export function SourceDialog({ source, onSave, onClose }: SourceDialogProps) {
  const { register, handleSubmit, control, setError, formState } = useForm<SourceValues>({
    defaultValues: valuesOf(source),
    resolver: resolverOf(sourceValueErrors),
  });
  const { errors, isSubmitting } = formState;
  const adapter = useWatch({ control, name: 'adapter' });

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values.lottery.trim(), sourceBody(values));
      onClose();
    } catch (caught) {
      showRefusal(sourceErrors(caught, !source), setError);
    }
  });

  return (
    <Dialog title={source ? `Source of ${source.lottery}` : 'New source'} onClose={onClose}>
      {/* noValidate: the API checks the source, and its message is shown at the field it is about. */}
      <form onSubmit={submit} noValidate>
        <p className="small muted">
          A new adapter or URL starts the sync state afresh. The server polls enabled sources after each
          scheduled draw (unless it runs with <code>SYNC=off</code>); “Sync now” in the sources table syncs at
          once. The fallbacks stay as they are.
        </p>
        <Alert>{errors.root?.server?.message}</Alert>
        {!source && (
          <Controller
            control={control}
            name="lottery"
            render={({ field, fieldState }) => (
              // The picker is no single input: react-hook-form focuses its first one when the choice is refused.
              <div
                ref={(box) =>
                  field.ref(box && { focus: () => box.querySelector<HTMLElement>('input')?.focus() })
                }
              >
                <LotteryTagPicker
                  label="Lottery"
                  multiple={false}
                  value={field.value ? [field.value] : []}
                  onChange={(tags) => field.onChange(tags[0] ?? '')}
                  error={fieldState.error?.message}
                />
              </div>
            )}
          />
        )}
        <SelectField
          label="Adapter"
          {...register('adapter')}
          hint="The two New York adapters read NY State's open data; the generic one reads any JSON or CSV."
        >
          {ADAPTERS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://data.ny.gov/resource/d6yy-54nr.json"
          {...register('url')}
          hint="An http or https address the server can reach."
          error={errors.url?.message}
          data-autofocus={source ? true : undefined}
        />
        {adapter === 'generic' && (
          <TextAreaField
            label="Mapping (JSON)"
            rows={9}
            spellCheck={false}
            className="code-input"
            placeholder={MAPPING_EXAMPLE}
            {...register('mapping')}
            hint={
              <>
                Which fields hold the date and the numbers: <code>format</code> (json, csv or xml),{' '}
                <code>date</code>, <code>main</code> and, if any, <code>special</code>; see the README,
                “Adding or changing a source”.
              </>
            }
            error={errors.mapping?.message}
          />
        )}
        <label className="check">
          <input type="checkbox" {...register('enabled')} />
          <span>Enabled (unticked: the source is kept but never polled)</span>
        </label>
        <FormActions busy={isSubmitting} label="Save source" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
