import { parseSourceConfig } from './source-config';
import { genericAdapter } from '../adapters/generic';
import { requestFor } from '../adapters/source-adapter';
import { catchUpPeriods, expandUrl, unknownUrlPlaceholder } from './url-placeholders';

/** Friday 2026-08-14, 12:00 UTC: a fixed clock. */
const NOW = new Date('2026-08-14T12:00:00Z');

describe('URL placeholders', () => {
  const expand = (url: string, since: string | null, now = NOW, timeZone?: string) =>
    expandUrl(url, { since, now, timeZone });

  it('{since}: the first date wanted, in the path or the query', () => {
    expect(expand('https://x.test/draws/{since}?to={since}', '2026-07-10')).toBe(
      'https://x.test/draws/2026-07-10?to=2026-07-10',
    );
    // Nothing stored yet: everything, from the earliest date a draw may have.
    expect(expand('https://x.test/draws/{since}', null)).toBe('https://x.test/draws/1800-01-01');
  });

  it("{sinceMs}: that date at 00:00 in the lottery's zone, in epoch milliseconds (lotto.de)", () => {
    // 2026-07-22 00:00 in Berlin (CEST) is 2026-07-21T22:00Z.
    const url = 'https://x.test/api/stats/entities.lotto/draws/{sinceMs}/{untilMs}';
    expect(expand(url, '2026-07-22', NOW, 'Europe/Berlin')).toBe(
      `https://x.test/api/stats/entities.lotto/draws/${Date.UTC(2026, 6, 21, 22)}/${NOW.getTime() + 86_400_000}`,
    );
    expect(expand('https://x.test/{sinceMs}', '2026-07-22')).toBe(`https://x.test/${Date.UTC(2026, 6, 22)}`);
    // Before 1970 (nothing stored yet): from 0, since feeds refuse negative times.
    expect(expand('https://x.test/{sinceMs}', null)).toBe('https://x.test/0');
  });

  it('{untilMs}: now + 1 day, in epoch milliseconds', () => {
    expect(expand('https://x.test/until/{untilMs}', null)).toBe(
      `https://x.test/until/${Date.UTC(2026, 7, 15, 12)}`,
    );
  });

  it("{isoWeek}: today's ISO week in the lottery's zone (Veikkaus's by-week)", () => {
    const url = 'https://x.test/draws/by-week/{isoWeek}';
    expect(expand(url, null)).toBe('https://x.test/draws/by-week/2026-W33');
    // Sunday 23:30 UTC is already Monday in Helsinki: the next week there.
    const sundayNight = new Date('2026-08-16T23:30:00Z');
    expect(expand(url, null, sundayNight, 'UTC')).toBe('https://x.test/draws/by-week/2026-W33');
    expect(expand(url, null, sundayNight, 'Europe/Helsinki')).toBe('https://x.test/draws/by-week/2026-W34');
    // The ISO week's year, not the calendar's: Friday 2027-01-01 is in week 53 of 2026.
    expect(expand(url, null, new Date('2027-01-01T12:00:00Z'))).toBe('https://x.test/draws/by-week/2026-W53');
    expect(expand(url, null, new Date('2025-12-29T12:00:00Z'))).toBe('https://x.test/draws/by-week/2026-W01');
  });

  it("{year}: today's year in the lottery's zone; a catch-up's period replaces today for it and {isoWeek}", () => {
    const newYearsEve = new Date('2026-12-31T22:30:00Z');
    expect(expand('https://x.test/{year}', null, newYearsEve)).toBe('https://x.test/2026');
    expect(expand('https://x.test/{year}', null, newYearsEve, 'Europe/Helsinki')).toBe('https://x.test/2027');
    const period = new Date('2024-05-27T00:00:00Z');
    expect(expandUrl('https://x.test/{isoWeek}/{year}?to={untilMs}', { since: null, now: NOW, period })).toBe(
      `https://x.test/2024-W22/2024?to=${NOW.getTime() + 86_400_000}`,
    );
  });

  it('{contest}: a draw number; without one, the URL without its /{contest} (the latest draw)', () => {
    const url = 'https://x.test/api/megasena/{contest}';
    expect(expandUrl(url, { since: null, now: NOW, contest: 2926 })).toBe('https://x.test/api/megasena/2926');
    expect(expandUrl(url, { since: null, now: NOW })).toBe('https://x.test/api/megasena');
    expect(expandUrl('https://x.test/draw?n={contest}', { since: null, now: NOW })).toBe(
      'https://x.test/draw?n=',
    );
  });

  it('names the first brace pair that is not a placeholder', () => {
    expect(unknownUrlPlaceholder('https://x.test/{since}/{sinceMs}/{untilMs}/{isoWeek}/{year}')).toBeNull();
    expect(unknownUrlPlaceholder('https://x.test/{since}/{fromMs}/{toMs}')).toBe('{fromMs}');
    expect(unknownUrlPlaceholder('https://x.test/?q={}')).toBe('{}');
    expect(unknownUrlPlaceholder('https://x.test/{SINCE}')).toBe('{SINCE}');
  });

  it('are filled in by the generic adapter with the sync clock and the lottery zone, before its query', () => {
    const adapter = genericAdapter(
      { format: 'json', date: 'd', main: 'm', query: { from: '{since}' } },
      { timeZone: 'Europe/Helsinki' },
    );
    const request = requestFor(adapter, {
      url: 'https://x.test/draws/by-week/{isoWeek}?since={sinceMs}',
      since: '2026-08-01',
      now: NOW,
    });
    expect(request.url).toBe(
      `https://x.test/draws/by-week/2026-W33?since=${Date.UTC(2026, 6, 31, 21)}&from=2026-08-01`,
    );
  });
});

describe('catchUpPeriods: the periods a URL that names one is asked for', () => {
  const weeks = (last: string | null, max = 12, now = NOW, timeZone?: string) => {
    const { periods, left } = catchUpPeriods(
      'https://x.test/draws/by-week/{isoWeek}',
      { last, now, timeZone },
      max,
    );
    return {
      weeks: periods.map((period) => expandUrl('{isoWeek}', { since: null, now, period, timeZone })),
      left,
    };
  };

  it("from the last stored draw's week to today's, oldest first (NOW is in 2026-W33)", () => {
    expect(weeks('2026-07-24')).toEqual({
      weeks: ['2026-W30', '2026-W31', '2026-W32', '2026-W33'],
      left: 0,
    });
    // Across a year's end: 2026 has 53 ISO weeks.
    expect(weeks('2026-12-25', 12, new Date('2027-01-12T12:00:00Z'))).toEqual({
      weeks: ['2026-W52', '2026-W53', '2027-W01', '2027-W02'],
      left: 0,
    });
  });

  it("today's week alone when the last draw is in it, later, or absent, and for a URL without a period", () => {
    const today = { periods: [NOW], left: 0 };
    expect(catchUpPeriods('https://x.test/{isoWeek}', { last: '2026-08-11', now: NOW }, 12)).toEqual(today);
    expect(catchUpPeriods('https://x.test/{isoWeek}', { last: '2026-09-01', now: NOW }, 12)).toEqual(today);
    expect(catchUpPeriods('https://x.test/{isoWeek}', { last: null, now: NOW }, 12)).toEqual(today);
    expect(catchUpPeriods('https://x.test/{since}', { last: '2020-01-01', now: NOW }, 12)).toEqual(today);
  });

  it('at most max periods, the oldest; the rest left to the next syncs', () => {
    expect(weeks('2026-06-01', 3)).toEqual({ weeks: ['2026-W23', '2026-W24', '2026-W25'], left: 8 });
    // The next sync, after W25's draws were stored, goes on from there.
    expect(weeks('2026-06-19', 12)).toMatchObject({ weeks: expect.arrayContaining(['2026-W25']), left: 0 });
  });

  it("weeks in the lottery's zone; a URL with {year} alone steps by years", () => {
    // Sunday 23:30 UTC is Monday in Helsinki: a second week there.
    const sundayNight = new Date('2026-08-16T23:30:00Z');
    expect(weeks('2026-08-14', 12, sundayNight).weeks).toEqual(['2026-W33']);
    expect(weeks('2026-08-14', 12, sundayNight, 'Europe/Helsinki').weeks).toEqual(['2026-W33', '2026-W34']);
    const { periods } = catchUpPeriods('https://x.test/{year}.csv', { last: '2023-12-30', now: NOW }, 12);
    expect(periods.map((period) => expandUrl('{year}', { since: null, now: NOW, period }))).toEqual([
      '2023',
      '2024',
      '2025',
      '2026',
    ]);
  });
});

describe('URL placeholders when a source is saved', () => {
  const check = (url: string, adapter = 'generic') =>
    parseSourceConfig({
      adapter,
      url,
      mapping: adapter === 'generic' ? { format: 'json', date: 'd', main: 'm' } : null,
    });

  it("{contest} needs the mapping's contest field (the draw numbers read)", () => {
    expect(check('https://x.test/api/megasena/{contest}')).toEqual({
      field: 'mapping',
      problem: "a URL with {contest} needs the mapping's contest field.",
    });
    expect(
      parseSourceConfig({
        adapter: 'generic',
        url: 'https://x.test/api/megasena/{contest}',
        mapping: { format: 'json', rows: '.', date: 'd', main: 'm', contest: 'numero' },
      }),
    ).toMatchObject({ config: { url: 'https://x.test/api/megasena/{contest}' } });
  });

  it('accepts the known ones in the path and the query', () => {
    expect(check('https://x.test/draws/{sinceMs}/{untilMs}?week={isoWeek}&from={since}')).toMatchObject({
      config: { url: 'https://x.test/draws/{sinceMs}/{untilMs}?week={isoWeek}&from={since}' },
    });
  });

  it('refuses an unknown one, one outside the path and the query, and any for an adapter with its own URL', () => {
    const known = 'known: {since}, {sinceMs}, {untilMs}, {isoWeek}, {year}, {contest}';
    expect(check('https://x.test/draws/{fromMs}/{toMs}')).toEqual({
      field: 'url',
      problem: `{fromMs} is not a placeholder (${known}, in the path or the query).`,
    });
    expect(check('https://{since}.x.test/draws')).toEqual({
      field: 'url',
      problem: `placeholders go in the path or the query, not the host (${known}).`,
    });
    expect(check('https://x.test/draws#{since}')).toMatchObject({ field: 'url' });
    expect(check('https://x.test/resource.json?since={since}', 'socrata-powerball')).toEqual({
      field: 'url',
      problem: `placeholders (${known.slice('known: '.length)}) are for the generic adapter only.`,
    });
    expect(
      parseSourceConfig({
        adapter: 'generic',
        url: 'https://x.test/ok',
        mapping: { format: 'json', date: 'd', main: 'm' },
        fallbacks: [
          {
            adapter: 'generic',
            url: 'https://x.test/{week}',
            mapping: { format: 'json', date: 'd', main: 'm' },
          },
        ],
      }),
    ).toMatchObject({
      field: 'fallbacks[0].url',
      problem: expect.stringMatching(/^\{week\} is not a placeholder/),
    });
  });
});
