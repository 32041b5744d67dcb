import { describe, expect, it } from 'vitest';
import { apiError } from '../api-error.test-helper';
import { sourceBody, sourceErrors, sourceValueErrors, valuesOf } from './source-values';

const generic = {
  ...valuesOf(null, 'zz_generic'),
  adapter: 'generic' as const,
  url: ' https://x.org/d.csv ',
};

describe('sourceValueErrors', () => {
  it('asks for a lottery, and for a mapping that is JSON when the generic adapter reads it', () => {
    expect(sourceValueErrors(valuesOf(null))).toEqual({ lottery: 'Choose the lottery to fetch draws for.' });
    expect(sourceValueErrors({ ...generic, mapping: '{"format": ' }).mapping).toMatch(
      /^The mapping is not valid JSON: /,
    );
    // Another adapter has no mapping: what is left in the field is not looked at.
    expect(sourceValueErrors({ ...generic, adapter: 'socrata-powerball', mapping: '{' })).toEqual({});
    expect(sourceValueErrors({ ...generic, mapping: '' })).toEqual({});
  });
});

describe('sourceBody', () => {
  it('sends the mapping parsed, or null when empty, and only for the generic adapter', () => {
    expect(sourceBody({ ...generic, mapping: ' {"format": "csv"} ' })).toEqual({
      adapter: 'generic',
      url: 'https://x.org/d.csv',
      enabled: true,
      mapping: { format: 'csv' },
    });
    expect(sourceBody({ ...generic, mapping: '  ' }).mapping).toBeNull();
    expect(sourceBody({ ...generic, adapter: 'socrata-powerball', mapping: '{}' })).toEqual({
      adapter: 'socrata-powerball',
      url: 'https://x.org/d.csv',
      enabled: true,
    });
  });
});

describe('sourceErrors', () => {
  it("puts the API's 400 at the field it names; the adapter's, and the rest, above the form", () => {
    const url = "Invalid 'url' value: expected an absolute http or https URL.";
    expect(sourceErrors(apiError(400, url))).toEqual({ url });
    const adapter = "Invalid 'adapter' value. Expected one of generic.";
    expect(sourceErrors(apiError(400, adapter))).toEqual({ form: adapter });
  });

  it('puts an unknown lottery at the picker when the form shows it', () => {
    expect(sourceErrors(apiError(404, 'Lottery not found.'))).toEqual({ lottery: 'Lottery not found.' });
    expect(sourceErrors(apiError(404, 'Lottery not found.'), false)).toEqual({ form: 'Lottery not found.' });
  });
});
