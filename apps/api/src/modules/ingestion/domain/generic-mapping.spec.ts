import { retryDelayMs } from '../sync-backoff';
import { dateReader, parseSourceMapping } from './generic-mapping';

describe('dateReader', () => {
  it.each([
    ['YYYY-MM-DD', '2026-08-12', '2026-08-12'],
    ['YYYY-MM-DD', '2026-08-12T00:00:00.000', '2026-08-12'],
    ['DD/MM/YYYY', '12/08/2026 20:45', '2026-08-12'],
    ['MM/DD/YYYY', '8/2/2026', '2026-08-02'],
    ['YYYYMMDD', '20260812', '2026-08-12'],
  ])('%s reads %j as %s', (format, text, date) => expect(dateReader(format)(text)).toBe(date));

  it.each([
    ['YYYY-MM-DD', '12/08/2026'],
    ['YYYY-MM-DD', '2026-08-12x'],
    ['DD/MM/YYYY', ''],
  ])('%s refuses %j', (format, text) => expect(dateReader(format)(text)).toBeNull());
});

describe('parseSourceMapping', () => {
  it('keeps the known keys', () => {
    expect(parseSourceMapping({ format: 'csv', date: 'd', main: ['a', 'b'], special: 's' })).toEqual({
      mapping: { format: 'csv', date: 'd', main: ['a', 'b'], special: 's' },
    });
  });

  it.each([
    [{ format: 'csv', date: 'd', main: 'm', extra: 1 }, "unknown key 'extra'"],
    [{ format: 'csv', date: '', main: 'm' }, 'date must name a field'],
    [{ format: 'csv', date: 'd\u0001', main: 'm' }, 'date must name a field'],
    [{ format: 'csv', date: 'd', main: [] }, 'main must name a field'],
    [{ format: 'csv', date: 'd', main: 'm', dateFormat: 'DD/MM' }, 'dateFormat must hold'],
    [{ format: 'csv', date: 'd', main: ['a'], specialFromMain: 1 }, 'specialFromMain must be'],
    [{ format: 'csv', date: 'd', main: 'm', delimiter: ';;' }, 'delimiter must be one character'],
    [{ format: 'json', date: 'd', main: 'm', query: { a: 1 } }, 'query must map'],
  ])('refuses %j', (value, problem) => {
    const parsed = parseSourceMapping(value);
    expect('problem' in parsed && parsed.problem).toContain(problem);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the minimum up to the maximum, within ±20% jitter', () => {
    expect([0, 1, 2, 3, 10].map((step) => retryDelayMs(step, 100, 400, () => 0.5))).toEqual([
      100, 200, 400, 400, 400,
    ]);
    expect(retryDelayMs(0, 100, 400, () => 0)).toBe(80);
    expect(retryDelayMs(0, 100, 400, () => 1)).toBe(120);
  });
});

describe('parseSourceMapping: prize fields (contract section 10)', () => {
  const base = { format: 'csv', date: 'd', main: 'm' };

  it('keeps a prize mapping, divisions by rank', () => {
    const prizes = {
      currency: 'EUR',
      decimal: ',',
      divisions: [
        { rank: 2, winners: 'w2', amount: 'a2' },
        { rank: 1, winners: 'w1', amount: 'a1', regions: { FR: 'fr1' } },
      ],
    };
    expect(parseSourceMapping({ ...base, prizes })).toEqual({
      mapping: {
        ...base,
        prizes: { ...prizes, divisions: [prizes.divisions[1], prizes.divisions[0]] },
      },
    });
  });

  it.each([
    [{ currency: 'eur', divisions: [{ rank: 1 }] }, 'prizes.currency must be an ISO 4217 code'],
    [{ currency: 'EUR', decimal: ' ', divisions: [{ rank: 1 }] }, "prizes.decimal must be '.' or ','"],
    [{ currency: 'EUR', divisions: [] }, 'prizes.divisions must list 1 to 50 divisions'],
    [
      { currency: 'EUR', divisions: [{ rank: 1 }, { rank: 1 }] },
      'prizes.divisions[1].rank 1 is listed twice',
    ],
    [{ currency: 'EUR', divisions: [{ rank: 1, regions: { France: 'f' } }] }, 'prizes.divisions[0].regions'],
    [{ currency: 'EUR', divisions: [{ rank: 1 }], pool: 'x' }, "prizes has an unknown key 'pool'"],
    [{ currency: 'EUR', unit: 'cents', divisions: [{ rank: 1 }] }, "prizes.unit must be 'minor' (or absent)"],
    [
      { currency: 'EUR', unit: 'minor', decimal: ',', divisions: [{ rank: 1 }] },
      'prizes.unit minor amounts are whole numbers: no decimal separator',
    ],
  ])('refuses %j', (prizes, problem) => {
    const parsed = parseSourceMapping({ ...base, prizes });
    expect('problem' in parsed && parsed.problem.startsWith(problem)).toBe(true);
  });
});
