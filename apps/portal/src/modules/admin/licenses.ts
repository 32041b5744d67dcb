import type { License } from '../../app/api-types';
import { LotteryApiError } from '@lottery-results/sdk';
import { inPortalWords } from '../../app/errors';
import { apiFieldErrors, type FieldErrors } from '../../app/field-errors';

/** A license as its form holds it: text, as typed (named as the API's fields, so that its 400 finds them). */
export interface LicenseValues {
  name: string;
  /** Empty: unlimited. */
  monthlyQuota: string;
  perSecond: string;
  perMinute: string;
  perHour: string;
}

export type LicenseField = keyof LicenseValues;

/** A new license starts from the public service's rate limits. */
export const NEW_LICENSE: LicenseValues = {
  name: '',
  monthlyQuota: '',
  perSecond: '20',
  perMinute: '1200',
  perHour: '72000',
};

export function licenseValuesOf(license: License): LicenseValues {
  return {
    name: license.name,
    monthlyQuota: license.monthlyQuota === null ? '' : String(license.monthlyQuota),
    perSecond: String(license.perSecond),
    perMinute: String(license.perMinute),
    perHour: String(license.perHour),
  };
}

/** The API's license names (it makes them keys): a-z, 0-9, _ and -, up to 64, starting with a letter or digit. */
const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** The largest number the API stores (a PostgreSQL integer). */
export const LICENSE_MAX = 2_147_483_647;
const WHOLE = /^\d+$/;

function wholeNumber(text: string, min: number): number | null {
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= LICENSE_MAX ? value : null;
}

/**
 * What is wrong with the form's values, field by field, in the portal's words. `isNew`: the name is typed (an
 * existing license keeps its own).
 */
export function licenseErrors(values: LicenseValues, isNew: boolean): FieldErrors<LicenseField> {
  const errors: FieldErrors<LicenseField> = {};
  if (isNew) {
    const name = values.name.trim();
    if (!name) errors.name = 'Enter a name.';
    else if (!NAME.test(name))
      errors.name = 'Use up to 64 characters among a-z, 0-9, _ and -, starting with a letter or digit.';
  }
  if (values.monthlyQuota.trim() !== '' && wholeNumber(values.monthlyQuota, 0) === null)
    errors.monthlyQuota = 'Enter a whole number of requests, or leave it empty for no limit.';
  for (const field of ['perSecond', 'perMinute', 'perHour'] as const) {
    if (wholeNumber(values[field], 1) === null)
      errors[field] = 'Enter a whole number of requests, 1 or more.';
  }
  return errors;
}

/** The license to send; only for values that licenseErrors accepts. */
export function licenseOf(values: LicenseValues): License {
  const quota = values.monthlyQuota.trim();
  return {
    name: values.name.trim(),
    monthlyQuota: quota === '' ? null : Number(quota),
    perSecond: Number(values.perSecond.trim()),
    perMinute: Number(values.perMinute.trim()),
    perHour: Number(values.perHour.trim()),
  };
}

/**
 * The API's refusal at its field: a 400 names it (`Invalid 'perHour' value. …`); a taken name (409) is the
 * name's when it was typed. Anything else is the form's.
 */
export function licenseRefusal(error: unknown, isNew: boolean): FieldErrors<LicenseField> {
  if (isNew && error instanceof LotteryApiError && error.status === 409)
    return inPortalWords({ name: error.message });
  const fields: LicenseField[] = ['monthlyQuota', 'perSecond', 'perMinute', 'perHour'];
  return inPortalWords(apiFieldErrors(error, isNew ? ['name', ...fields] : fields));
}
