import { LotteryApiError } from '@lottery-results/sdk';
import type { DrawSource, SourceAdapter, SourceMapping } from '../../../app/api-types';
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
  mapping?: SourceMapping | null;
}

/**
 * What is wrong before sending, field by field: no lottery chosen, or a mapping that is not JSON at all. Whether
 * the mapping makes sense is the API's to say (its 400 names the field).
 */
export function sourceValueErrors(values: SourceValues): SourceErrors {
  const errors: SourceErrors = {};
  if (!values.lottery.trim()) errors.lottery = 'Choose the lottery to fetch draws for.';
  if (values.adapter === 'generic') {
    const problem = mappingProblem(values.mapping);
    if (problem) errors.mapping = problem;
  }
  return errors;
}

function mappingProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `The mapping is not valid JSON: ${(error as Error).message}`;
  }
}

/** The PUT body; only for values that sourceValueErrors accepts. An empty mapping is none (null). */
export function sourceBody(values: SourceValues): SourceBody {
  const body: SourceBody = { adapter: values.adapter, url: values.url.trim(), enabled: values.enabled };
  if (values.adapter === 'generic') {
    const text = values.mapping.trim();
    // Only its JSON is checked here: whether it is a mapping is the API's to say (a 400 at the field).
    body.mapping = text === '' ? null : (JSON.parse(text) as SourceMapping);
  }
  return body;
}

/**
 * The API's refusal at its field: `Invalid 'mapping' value: …` at the mapping, `Lottery not found.` at the tag
 * when the form shows it (`lotteryShown`), else above the form.
 */
export function sourceErrors(error: unknown, lotteryShown = true): SourceErrors {
  if (error instanceof LotteryApiError && error.status === 404)
    return lotteryShown ? { lottery: error.message } : { form: error.message };
  // The adapter's select shows no message of its own: a refusal about it goes above the form.
  return apiFieldErrors(error, ['url', 'mapping'] as const);
}
