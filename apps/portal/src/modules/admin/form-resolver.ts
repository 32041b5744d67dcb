import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

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
