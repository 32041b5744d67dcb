import { type GenericContext, genericAdapter } from './generic';
import { parseSourceMapping, type SourceMapping } from '../domain/generic-mapping';
import { parseAnswer, SourceFormatError } from './source-adapter';

/** The adapter of a mapping as an administrator would send it (checked first, as the admin API does). */
function adapter(value: Record<string, unknown>, timeZone?: string, context: GenericContext = {}) {
  const parsed = parseSourceMapping(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return genericAdapter(parsed.mapping, { timeZone, ...context });
}

const parse = (
  mapping: Record<string, unknown>,
  body: string | Buffer,
  timeZone?: string,
  context: GenericContext = {},
) => {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return parseAnswer(adapter(mapping, timeZone, context), bytes);
};

describe('generic adapter: header-less CSV, dates over columns (Texas)', () => {
  // texaslottery.com's powerball.csv: `Powerball,M,D,YYYY,n1..n5,PB,PowerPlay`, no header.
  const texas = 'Powerball,10,7,2015,18,30,40,48,52,9,3\nPowerball,10,10,2015,12,27,29,43,68,1,2\n';
  const mapping = {
    format: 'csv',
    header: false,
    date: ['2', '3', '4'],
    dateFormat: 'MM-DD-YYYY',
    main: ['5', '6', '7', '8', '9'],
    special: '10',
  };

  it('reads columns by position, the date from three of them', () => {
    expect(parse(mapping, texas)).toEqual({
      draws: [
        { row: 1, date: '2015-10-07', main: [18, 30, 40, 48, 52], special: [9] },
        { row: 2, date: '2015-10-10', main: [12, 27, 29, 43, 68], special: [1] },
      ],
      rejected: [],
    });
  });

  it('names a column position the rows lack, and a row whose date parts are not a date', () => {
    expect(() => parse({ ...mapping, special: '12' }, texas)).toThrow(
      new SourceFormatError('the CSV has no column 12 (its first row has 11 columns)'),
    );
    const parsed = parse(mapping, texas + 'Powerball,13,1,2016,1,2,3,4,5,6,2\n');
    expect(parsed.rejected).toEqual([
      { row: 3, date: null, message: '2, 3, 4 (text of 9 characters) is not a date' },
    ]);
  });
});

describe('generic adapter: month names (UK Lotto)', () => {
  // national-lottery.co.uk's CSV: DrawDate, Ball 1..6, Bonus Ball, Ball Set, Machine, DrawNumber.
  const uk =
    'DrawDate,Ball 1,Ball 2,Ball 3,Ball 4,Ball 5,Ball 6,Bonus Ball,Ball Set,Machine,DrawNumber\n' +
    '12-Jun-2024,59,40,13,42,41,51,5,3,Arthur,2971\n' +
    '08-jun-2024,1,2,3,4,5,6,7,3,Arthur,2970\n';
  const mapping = {
    format: 'csv',
    date: 'DrawDate',
    dateFormat: 'DD-MMM-YYYY',
    main: ['Ball 1', 'Ball 2', 'Ball 3', 'Ball 4', 'Ball 5', 'Ball 6'],
    special: 'Bonus Ball',
  };

  it('reads English short month names in any case', () => {
    expect(parse(mapping, uk).draws.map((d) => [d.date, d.main, d.special])).toEqual([
      ['2024-06-12', [59, 40, 13, 42, 41, 51], [5]],
      ['2024-06-08', [1, 2, 3, 4, 5, 6], [7]],
    ]);
  });

  it('rejects a month name it does not know', () => {
    const parsed = parse(mapping, uk.replace('08-jun', '08-Juni'));
    expect(parsed.rejected).toEqual([
      { row: 2, date: null, message: 'DrawDate (text of 12 characters) is not a date' },
    ]);
  });
});

describe('generic adapter: epoch milliseconds in the lottery’s zone (lotto.de, Veikkaus)', () => {
  // lotto.de dates a draw at 00:00 in Berlin: 2026-07-22 00:00 CEST is 2026-07-21T22:00Z.
  const midnightBerlin = Date.UTC(2026, 6, 21, 22);
  const body = JSON.stringify([
    { drawDate: midnightBerlin, numbers: [3, 5, 10, 14, 25, 49], superNumber: 3 },
    { drawDate: String(midnightBerlin - 4 * 86_400_000), numbers: [5, 17, 33, 35, 39, 47], superNumber: 6 },
    { drawDate: 'yesterday', numbers: [1, 2, 3, 4, 5, 6], superNumber: 0 },
  ]);
  const mapping = {
    format: 'json',
    date: 'drawDate',
    dateFormat: 'epoch-ms',
    main: 'numbers',
    special: 'superNumber',
  };

  it('dates a number or numeric text in the zone given where the adapter is built', () => {
    const parsed = parse(mapping, body, 'Europe/Berlin');
    expect(parsed.draws.map((d) => d.date)).toEqual(['2026-07-22', '2026-07-18']);
    expect(parsed.rejected).toEqual([
      { row: 3, date: null, message: 'drawDate (text of 9 characters) is not a date' },
    ]);
    // Without a zone, UTC: the day before.
    expect(parse(mapping, body).draws[0].date).toBe('2026-07-21');
  });
});

describe('generic adapter: rounds and filters', () => {
  const rows = JSON.stringify({
    draws: [
      { date: '2026-06-10', drawRound: 'ONE', balls: '1 2 3 4 5 6', kind: 'main' },
      { date: '2026-06-10', drawRound: 'two', balls: '7 8 9 10 11 12', kind: 'main' },
      { date: '2026-06-10', drawRound: 3, balls: '13 14 15 16 17 18', kind: 'extra' },
      { date: '2026-06-13', drawRound: 'FIRST', balls: '1 2 3 4 5 6', kind: 'main' },
    ],
  });
  const mapping = { format: 'json', rows: 'draws', date: 'date', main: 'balls', round: 'drawRound' };

  it('reads a round as a number or an English number word', () => {
    const parsed = parse(mapping, rows);
    expect(parsed.draws.map((d) => [d.row, d.date, d.round])).toEqual([
      [1, '2026-06-10', 1],
      [2, '2026-06-10', 2],
      [3, '2026-06-10', 3],
    ]);
    expect(parsed.rejected).toEqual([
      {
        row: 4,
        date: '2026-06-13',
        message: 'drawRound (text of 5 characters) is not a round (1, 2, … or ONE, TWO, …)',
      },
    ]);
  });

  it('reads only the rows a filter keeps, numbered as in the answer', () => {
    const parsed = parse({ ...mapping, round: undefined, filter: { kind: 'extra' } }, rows);
    expect(parsed).toEqual({
      draws: [{ row: 3, date: '2026-06-10', main: [13, 14, 15, 16, 17, 18], special: [] }],
      rejected: [],
    });
  });

  it('an answer of which the filter keeps no row has changed format', () => {
    expect(() => parse({ ...mapping, round: undefined, filter: { kind: 'MAIN' } }, rows)).toThrow(
      new SourceFormatError('no row of 4 holds what the filter asks for (the format may have changed)'),
    );
  });

  it('a CSV without the round or filter column has changed format', () => {
    const csv = 'date,balls\n2026-06-10,1 2 3 4 5 6\n';
    expect(() => parse({ format: 'csv', date: 'date', main: 'balls', round: 'round' }, csv)).toThrow(
      "the CSV has no column 'round' (its header has 2 columns)",
    );
    expect(() => parse({ format: 'csv', date: 'date', main: 'balls', filter: { seq: '0' } }, csv)).toThrow(
      "the CSV has no column 'seq' (its header has 2 columns)",
    );
  });
});

describe('generic adapter: several draws in one row (NY Take 5)', () => {
  // data.ny.gov's Take 5 export (dg63-4siq) since its midday draw began (2021-07-26): one row per date, the midday
  // and evening draws side by side; the single daily draw of earlier dates sits in the evening column. The numbers
  // of the first two rows are real (the export as saved in jacob-s-mason/New-York-Lottery-Numbers @ 5402f2df).
  const header = 'Draw Date,Evening Winning Numbers,Evening Bonus #,Midday Winning Numbers,Midday Bonus #\n';
  const body =
    header +
    '03/13/2025,10 16 21 29 38,,03 08 09 16 36,\n' +
    '12/13/2020,10 12 18 23 34,,,\n' +
    '03/14/2025,,,01 02 03 04 05,\n' +
    '03/15/2025,,,,\n';
  const mapping = {
    format: 'csv',
    date: 'Draw Date',
    dateFormat: 'MM/DD/YYYY',
    draws: [{ main: 'Midday Winning Numbers' }, { main: 'Evening Winning Numbers' }],
  };
  // Take 5's rules: one draw a date until 2021-07-25, two from 2021-07-26.
  const roundsOn = (date: string) => (date < '2021-07-26' ? 1 : 2);

  it('reads each draw of a row as its round; a date of one draw gives its one draw round 1', () => {
    expect(parse(mapping, body, undefined, { roundsOn })).toEqual({
      draws: [
        { row: 1, date: '2025-03-13', round: 1, main: [3, 8, 9, 16, 36], special: [] },
        { row: 1, date: '2025-03-13', round: 2, main: [10, 16, 21, 29, 38], special: [] },
        { row: 2, date: '2020-12-13', round: 1, main: [10, 12, 18, 23, 34], special: [] },
        // The afternoon between the two draws: the midday draw only.
        { row: 3, date: '2025-03-14', round: 1, main: [1, 2, 3, 4, 5], special: [] },
      ],
      rejected: [
        {
          row: 4,
          date: '2025-03-15',
          message: "Midday Winning Numbers; Evening Winning Numbers: no draw's numbers in the row",
        },
      ],
    });
  });

  it('without the rules, a draw keeps its place’s round', () => {
    const parsed = parse(mapping, body);
    expect(parsed.draws.find((d) => d.date === '2020-12-13')?.round).toBe(2);
  });

  it('a CSV without one of the draws’ columns has changed format', () => {
    const old = 'Draw Date,Winning Numbers,Bonus #\n12/13/2020,10 12 18 23 34,\n';
    expect(() => parse(mapping, old, undefined, { roundsOn })).toThrow(
      "the CSV has no column 'Midday Winning Numbers' (its header has 3 columns)",
    );
  });
});

describe('generic adapter: text encodings', () => {
  const text = 'numéro;date;n\n4;05/03/2019;1 2 3\n';
  const mapping = {
    format: 'csv',
    delimiter: ';',
    date: 'date',
    dateFormat: 'DD/MM/YYYY',
    main: 'n',
    filter: { numéro: '4' },
  };

  it('decodes windows-1252 (and iso-8859-1, read as browsers do)', () => {
    const cp1252 = Buffer.from(text, 'latin1');
    for (const encoding of ['windows-1252', 'iso-8859-1'])
      expect(parse({ ...mapping, encoding }, cp1252).draws).toHaveLength(1);
  });

  it('decodes windows-1255 (Hebrew: Mifal HaPais names its columns in Hebrew)', () => {
    // Windows-1255 puts the Hebrew letters U+05D0..U+05EA at 0xE0..0xFA; the rest of this text is ASCII.
    const hebrew = 'הגרלה,תאריך,1,2,3,4,5,6,המספר החזק/נוסף,\n3605,22/07/2023,02,04,18,22,29,30,2,\n';
    const cp1255 = Buffer.from(
      [...hebrew].map((c) => (c >= 'א' && c <= 'ת' ? c.charCodeAt(0) - 0x5d0 + 0xe0 : c.charCodeAt(0))),
    );
    const pais = {
      format: 'csv',
      date: 'תאריך',
      dateFormat: 'DD/MM/YYYY',
      main: ['1', '2', '3', '4', '5', '6'],
    };
    const { draws } = parse({ ...pais, special: 'המספר החזק/נוסף', encoding: 'windows-1255' }, cp1255);
    expect(draws).toEqual([
      expect.objectContaining({ date: '2023-07-22', main: [2, 4, 18, 22, 29, 30], special: [2] }),
    ]);
    // Read as UTF-8, the Hebrew names do not match.
    expect(() => parse({ ...pais, special: 'המספר החזק/נוסף' }, cp1255)).toThrow(
      'it holds bytes that are not UTF-8',
    );
  });

  it('reads UTF-8 by default, its byte order mark dropped (JSON.parse would refuse it)', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(parse(mapping, Buffer.concat([bom, Buffer.from(text, 'utf8')])).draws).toHaveLength(1);
    const json = Buffer.concat([bom, Buffer.from('[{"d":"2026-01-01","n":"1 2 3"}]', 'utf8')]);
    expect(parse({ format: 'json', date: 'd', main: 'n' }, json).draws).toHaveLength(1);
  });

  it('says so when windows-1252 bytes are read as UTF-8', () => {
    expect(() => parse(mapping, Buffer.from(text, 'latin1'))).toThrow(
      "the CSV has no column 'numéro' (its header has 3 columns; it holds bytes that are not UTF-8: set the mapping's encoding (e.g. windows-1252))",
    );
  });
});

describe('generic adapter: requests', () => {
  const request = (mapping: Partial<SourceMapping>, since: string | null) =>
    adapter({ format: 'json', date: 'd', main: 'm', ...mapping }).buildRequest!({
      url: 'https://feed.example/draws?game=EJACKPOT',
      since,
    });

  it('a GET with the query, and the headers a feed asks automated clients for', () => {
    expect(
      request({ headers: { 'X-ESA-API-Key': 'ROBOT' }, query: { from: '{since}' } }, '2026-08-01'),
    ).toEqual({
      url: 'https://feed.example/draws?game=EJACKPOT&from=2026-08-01',
      method: 'GET',
      headers: { 'X-ESA-API-Key': 'ROBOT' },
      body: null,
    });
  });

  it('a POST of a JSON object, {since} substituted (its property left out while nothing is stored)', () => {
    const body = {
      CompanyId: 'GoldenCasket',
      MaxDrawCountPerProduct: 1,
      From: '{since}',
      Products: ['OzLotto'],
    };
    expect(request({ method: 'POST', body }, '2026-08-01')).toEqual({
      url: 'https://feed.example/draws?game=EJACKPOT',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, From: '2026-08-01' }),
    });
    expect(JSON.parse(request({ method: 'POST', body }, null).body!)).toEqual({
      CompanyId: 'GoldenCasket',
      MaxDrawCountPerProduct: 1,
      Products: ['OzLotto'],
    });
  });

  it('a POST of text, with the content type the mapping names', () => {
    expect(
      request(
        {
          method: 'POST',
          body: 'from={since}',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        null,
      ),
    ).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'from=',
    });
  });
});

describe('generic adapter: Szerencsejáték cmsfiles (undated rows, two draws a row, a layout from a date)', () => {
  // skandi.csv: year;week;date;w7;p7;w6;p6;w5;p5;w4;p4; 7 machine-drawn numbers; 7 hand-drawn numbers. The oldest
  // rows (before 2004-11) have no date.
  const skandi =
    '2021;37;2021.09.15.;1;480 703 200 Ft;51;382 290 Ft;2533;7 695 Ft;41334;1 760 Ft;1;7;20;22;27;28;30;6;8;15;29;32;34;35\r\n' +
    '2004;45;2004.11.03.;0;0 Ft;60;232 219 Ft;3232;4 311 Ft;48864;760 Ft;11;19;23;26;28;30;31;13;20;23;26;29;30;35\r\n' +
    '1999;41;;0;0 Ft;55;158 537 Ft;2745;3 177 Ft;44102;527 Ft;7;8;13;16;20;25;31;12;14;18;24;31;34;35\r\n';
  const columns = (from: number) => Array.from({ length: 7 }, (_, i) => String(from + i));
  const mapping = {
    format: 'csv',
    header: false,
    delimiter: ';',
    date: '3',
    dateFormat: 'YYYY.MM.DD.',
    draws: [{ main: columns(12) }, { main: columns(19) }],
    undated: 'ignore',
  };

  it('reads each row as two draws of its date, rounds 1 and 2, and counts undated rows as ignored', () => {
    expect(parse(mapping, skandi)).toEqual({
      draws: [
        { row: 1, date: '2021-09-15', round: 1, main: [1, 7, 20, 22, 27, 28, 30], special: [] },
        { row: 1, date: '2021-09-15', round: 2, main: [6, 8, 15, 29, 32, 34, 35], special: [] },
        { row: 2, date: '2004-11-03', round: 1, main: [11, 19, 23, 26, 28, 30, 31], special: [] },
        { row: 2, date: '2004-11-03', round: 2, main: [13, 20, 23, 26, 29, 30, 35], special: [] },
      ],
      rejected: [],
      ignored: 1,
    });
  });

  it('without undated: ignore, an undated row is rejected as before', () => {
    const { undated: _, ...strict } = mapping;
    expect(parse(strict, skandi).rejected).toEqual([
      { row: 3, date: null, message: '3 (text of 0 characters) is not a date' },
    ]);
  });

  it('rejects the draw of a row that is unreadable, and keeps the row’s other draw', () => {
    const broken = skandi.replace(';34;35\r\n2004', ';34;x\r\n2004');
    const { draws, rejected } = parse(mapping, broken);
    expect(rejected).toEqual([
      { row: 1, date: '2021-09-15', message: '19, 20, 21, 22, 23, 24, 25 holds no numbers' },
    ]);
    expect(draws.filter((draw) => draw.date === '2021-09-15').map((draw) => draw.round)).toEqual([1]);
  });

  it('fails the sync when no row has a date: the date column has moved', () => {
    expect(() => parse(mapping, skandi.split('\r\n')[2] + '\r\n')).toThrow(
      new SourceFormatError(
        'every row of 1 is undated or dated before its history: none to read (the format may have changed)',
      ),
    );
  });

  it('from: rows dated before it are ignored (a layout the mapping does not read)', () => {
    // hatos.csv's rows before 2007-07-29 carry a bonus number in a 21st column that the current rows lack.
    const hatos =
      '2026;23;Csütörtök;2026.06.04.;0;0 Ft;0;0;20;359 455 Ft;858;8 380 Ft;13922;3 140 Ft;2;9;15;21;28;35\r\n' +
      '2007;29;Vasárnap;2007.07.22.;0;0 Ft;1;29 525 700 Ft;47;307 420 Ft;2651;5 450 Ft;53123;952 Ft;8;13;14;17;19;45;20\r\n';
    const hatosMapping = {
      format: 'csv',
      header: false,
      delimiter: ';',
      date: '4',
      dateFormat: 'YYYY.MM.DD.',
      main: columns(15).slice(0, 6),
      from: '2007-07-29',
    };
    expect(parse(hatosMapping, hatos)).toEqual({
      draws: [{ row: 1, date: '2026-06-04', main: [2, 9, 15, 21, 28, 35], special: [] }],
      rejected: [],
      ignored: 1,
    });
  });
});
