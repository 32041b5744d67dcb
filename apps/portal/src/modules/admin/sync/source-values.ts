import { LotteryApiError } from '@lottery-results/sdk';
import type { DrawSource, SourceAdapter } from '../../../app/api-types';
import { apiFieldErrors, type FieldErrors } from '../../../app/field-errors';

export const ADAPTERS: { value: SourceAdapter; label: string }[] = [
  { value: 'socrata-powerball', label: 'NY open data: Powerball (socrata-powerball)' },
  { value: 'socrata-megamillions', label: 'NY open data: Mega Millions (socrata-megamillions)' },
  { value: 'generic', label: 'Generic JSON or CSV with a mapping (generic)' },
];

/** What the generic adapter's mapping looks like (README, "Adding or changing a source"). */
export const MAPPING_EXAMPLE = JSON.stringify(
  {
    format: 'csv',
    delimiter: ';',
    date: 'date',
    dateFormat: 'DD/MM/YYYY',
    main: 'numbers',
    special: 'bonus',
  },
  null,
  2,
);

export type SourceField = 'lottery' | 'adapter' | 'url' | 'mapping';
export type SourceErrors = FieldErrors<SourceField>;

export interface SourceValues {
  lottery: string;
  adapter: SourceAdapter;
  url: string;
  enabled: boolean;
  /** The generic adapter's mapping as JSON text. */
  mapping: string;
}

export function valuesOf(source: DrawSource | null, lottery = ''): SourceValues {
  return {
    lottery: source?.lottery ?? lottery,
    adapter: source?.adapter ?? 'socrata-powerball',
    url: source?.url ?? '',
    enabled: source?.enabled ?? true,
    mapping: source?.mapping ? JSON.stringify(source.mapping, null, 2) : '',
  };
}

export interface SourceBody {
  adapter: SourceAdapter;
  url: string;
  enabled: boolean;
  mapping?: Record<string, unknown> | null;
}

/**
 * The PUT body, or the errors found before sending: only a mapping that is not JSON at all is refused here;
 * whether the mapping makes sense is the API's to say (its 400 names the field).
 */
export function sourceBody(values: SourceValues): { body: SourceBody } | { errors: SourceErrors } {
  const errors: SourceErrors = {};
  if (!values.lottery.trim()) errors.lottery = 'Choose the lottery to fetch draws for.';
  let mapping: Record<string, unknown> | null | undefined;
  if (values.adapter === 'generic') {
    const text = values.mapping.trim();
    if (text === '') mapping = null;
    else {
      try {
        mapping = JSON.parse(text) as Record<string, unknown>;
      } catch (error) {
        errors.mapping = `The mapping is not valid JSON: ${(error as Error).message}`;
      }
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  const body: SourceBody = { adapter: values.adapter, url: values.url.trim(), enabled: values.enabled };
  if (values.adapter === 'generic') body.mapping = mapping;
  return { body };
}

/** The API's refusal at its field: `Invalid 'mapping' value: …` at the mapping, `Lottery not found.` at the tag. */
export function sourceErrors(error: unknown): SourceErrors {
  if (error instanceof LotteryApiError && error.status === 404) return { lottery: error.message };
  return apiFieldErrors(error, ['adapter', 'url', 'mapping'] as const);
}
