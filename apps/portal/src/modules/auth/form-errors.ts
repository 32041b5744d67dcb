import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors } from '../../app/field-errors';

/**
 * Shows an API refusal on the form, in the portal's words: beside the field it is about (which takes the focus),
 * or above the form (`root.server`, cleared by the next submit). A field's message goes when the field is edited.
 */
export function showRefusal<V extends FieldValues>(
  error: unknown,
  fields: readonly Path<V>[],
  setError: UseFormSetError<V>,
): void {
  const found: Partial<Record<string, string>> = inPortalWords(apiFieldErrors<string>(error, fields));
  for (const [field, message] of Object.entries(found)) {
    if (!message) continue;
    if (field === 'form') setError('root.server', { message });
    else setError(field as Path<V>, { type: 'server', message }, { shouldFocus: true });
  }
}
