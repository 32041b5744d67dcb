/** License names follow the lottery tags' pattern: lower-case, URL-safe, at most 64 characters. */
export const LICENSE_NAME_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function isLicenseName(value: unknown): value is string {
  return typeof value === 'string' && LICENSE_NAME_PATTERN.test(value);
}
