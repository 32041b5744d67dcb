/** Emails are compared and stored trimmed and lower-cased, so the unique index is case-insensitive. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** class-transformer hook: normalises strings, leaves anything else for the validators to refuse. */
export const toNormalizedEmail = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? normalizeEmail(value) : value;

export const MAX_EMAIL_LENGTH = 254;
