import type { ImportPreviewResult } from './import-preview';

/**
 * What the import is about to do, in the confirmation: the preview's counts when the same file was previewed,
 * otherwise what an import does in general.
 */
export function ImportConfirmation({ preview }: { preview: ImportPreviewResult | null }) {
  if (!preview)
    return (
      <p>
        Draws already stored on the same dates are replaced by the file's numbers; clients see them at once
        and webhook subscribers are told. Lines the service refuses are not written: the report lists them.
        “Preview” shows each line's outcome without writing.
      </p>
    );
  const { inserted, updated, unchanged, errors } = preview.report;
  return (
    <p>
      As previewed: {inserted} new, {updated} replacing stored draws, {unchanged} unchanged
      {errors.length > 0 ? `, ${errors.length} refused (not written)` : ''}. Clients see the changes at once
      and webhook subscribers are told.
    </p>
  );
}
