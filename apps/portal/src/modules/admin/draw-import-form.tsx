import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { LotteryTagPicker } from '../../components/lottery-tag-picker';
import { TextAreaField } from '../../components/text-area-field';
import { errorMessage } from '../../app/errors';
import { resolverOf } from '../../components/form-errors';
import { ImportConfirmation } from './import-confirmation';
import { ImportPreview } from './import-preview';
import { ImportReport } from './import-report';
import { EMPTY_IMPORT, drawCount, importErrors, type ImportValues } from './import-values';
import { previewCsv } from './draw-csv-preview';
import { useImportDraws, usePreviewImport } from './queries';

const EXAMPLE = 'date,main,special\n2026-11-21,4 18 23 45 61,7';

/**
 * Imports a draw-history CSV into a lottery. "Preview" shows what the import would do (the service's dry run,
 * and the first rows with whether each is new or replaces a stored draw); "Import draws" asks first, naming the
 * count, then writes.
 */
export function DrawImportForm() {
  const form = useForm<ImportValues>({ defaultValues: EMPTY_IMPORT, resolver: resolverOf(importErrors) });
  const { register, control, handleSubmit, setValue, formState } = form;
  const current = useWatch({ control });
  // A file input cannot be emptied by React: a new key gives a fresh one.
  const [fileKey, setFileKey] = useState(0);
  const [confirming, setConfirming] = useState<ImportValues | null>(null);

  const preview = usePreviewImport();
  const importer = useImportDraws();

  const readFile = async (file: File | undefined) => {
    if (file) setValue('csv', await file.text(), { shouldValidate: formState.isSubmitted });
  };
  // A preview stands for the values it was made of: once the text or the lottery changes, it is gone.
  const shownPreview =
    preview.data && preview.data.values.tag === current.tag && preview.data.values.csv === current.csv
      ? preview.data
      : null;
  const failure = preview.error ?? importer.error;

  return (
    <form onSubmit={handleSubmit((values) => setConfirming(values))} noValidate>
      <Alert>{failure && errorMessage(failure)}</Alert>
      <Controller
        control={control}
        name="tag"
        render={({ field, fieldState }) => (
          <LotteryTagPicker
            label="Lottery"
            multiple={false}
            value={field.value ? [field.value] : []}
            onChange={(tags) => field.onChange(tags[0] ?? '')}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="row section-gap">
        <Field
          key={fileKey}
          label="CSV file"
          name="import-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
      </div>
      <TextAreaField
        label="CSV content"
        rows={8}
        placeholder={EXAMPLE}
        {...register('csv')}
        error={formState.errors.csv?.message}
        hint={
          <>
            Header <code>date,main,special</code>; numbers separated by spaces, in draw order; one draw per
            line.
          </>
        }
      />
      <div className="row-actions section-gap">
        <button
          type="button"
          className="secondary"
          onClick={handleSubmit((values) => {
            // One answer on screen at a time: the preview replaces the last import's report.
            importer.reset();
            preview.mutate(values);
          })}
          disabled={preview.isPending || importer.isPending}
        >
          {preview.isPending ? 'Previewing…' : 'Preview'}
        </button>
        <button type="submit" disabled={preview.isPending || importer.isPending}>
          {importer.isPending ? 'Importing…' : 'Import draws'}
        </button>
      </div>
      {shownPreview && (
        <>
          <ImportReport report={shownPreview.report} preview />
          <ImportPreview preview={shownPreview} />
        </>
      )}
      {importer.data && <ImportReport report={importer.data} />}
      {confirming && (
        <ConfirmDialog
          title={`Import ${drawCount(previewCsv(confirming.csv).total)} into ${confirming.tag}?`}
          confirmLabel="Import now"
          onConfirm={async () => {
            const result = await importer.mutateAsync(confirming);
            // All written: the text empties for the next file. With refused lines it stays, to be corrected (the
            // report's line numbers point into it); importing it again leaves the written draws unchanged.
            if (result.errors.length === 0) {
              setValue('csv', '');
              setFileKey((key) => key + 1);
            }
            // The report replaces the preview, which described the file before it was written.
            preview.reset();
          }}
          onClose={() => setConfirming(null)}
        >
          <ImportConfirmation preview={shownPreview} />
        </ConfirmDialog>
      )}
    </form>
  );
}
