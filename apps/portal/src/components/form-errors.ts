import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';

/**
 * A react-hook-form resolver from a plain check (values → one message per field at fault): the rules stay in a
 * pure module with its unit tests, and the form shows each message at its field.
 */
export function resolverOf<V extends FieldValues>(
  check: (values: V) => Partial<Record<string, string>>,
): Resolver<V> {
  return (values) => {
    const found = Object.entries(check(values)).filter((entry): entry is [string, string] => !!entry[1]);
    if (found.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      found.map(([field, message]) => [field, { type: 'validate', message }]),
    ) as FieldErrors<V>;
    return { values: {}, errors };
  };
}

/**
 * Shows what the service refused on the form (one message per field, `form` for what belongs to no field, as
 * apiFieldErrors and the features' own readings make them): beside its field, the first of which takes the focus,
 * or above the form (`root.server`, cleared by the next submit). A field's message goes when the field is
 * edited. Field names may be paths (`eras.1.from`). The one way every form of the portal shows a refusal.
 */
export function showRefusal<V extends FieldValues>(
  found: Partial<Record<string, string>>,
  setError: UseFormSetError<V>,
): void {
  let focused = false;
  for (const [field, message] of Object.entries(found)) {
    if (!message) continue;
    if (field === 'form') {
      setError('root.server', { message });
      continue;
    }
    setError(field as Path<V>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
}
