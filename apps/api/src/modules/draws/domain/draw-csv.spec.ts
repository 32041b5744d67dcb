import { parseDrawCsv, parseDrawCsvInSlices } from './draw-csv';

const HEADER_ERROR = {
  rows: [],
  errors: [{ line: 1, message: expect.stringMatching(/^Expected the header 'date,main,special'\. /) }],
  prizeColumns: false,
};

describe('parseDrawCsv', () => {
  it('parses rows with their physical line numbers', () => {
    const text = 'date,main,special\n2020-01-01,1 2 3,4\n\n2020-01-03,5 6 7,\n';
    expect(parseDrawCsv(text)).toEqual({
      prizeColumns: false,
      rows: [
        { line: 2, date: '2020-01-01', main: [1, 2, 3], special: [4] },
        { line: 4, date: '2020-01-03', main: [5, 6, 7], special: [] },
      ],
      errors: [],
    });
  });

  it('accepts a BOM, CRLF, a loose header, several spaces and leading zeros', () => {
    const text = '\ufeff  Date , MAIN,Special \r\n2020-01-01, 01  2   3 ,4 5\r\n\r\n2020-01-02,7 8 9,10';
    expect(parseDrawCsv(text)).toEqual({
      prizeColumns: false,
      rows: [
        { line: 2, date: '2020-01-01', main: [1, 2, 3], special: [4, 5] },
        { line: 4, date: '2020-01-02', main: [7, 8, 9], special: [10] },
      ],
      errors: [],
    });
  });

  it('accepts quoted cells', () => {
    expect(parseDrawCsv('date,main,special\n"2020-01-01","1 2 3","4"\n').rows).toEqual([
      { line: 2, date: '2020-01-01', main: [1, 2, 3], special: [4] },
    ]);
  });

  it('does not apply lottery rules (that is validateDrawNumbers’ job)', () => {
    expect(parseDrawCsv('date,main,special\n2020-01-01,999 999,\n').errors).toEqual([]);
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\n\n  \n'],
    ['a wrong header', 'date,numbers,special\n2020-01-01,1 2 3,4\n'],
    ['a header with an extra column', 'date,main,special,extra\n2020-01-01,1 2 3,4,5\n'],
    ['a missing header', '2020-01-01,1 2 3,4\n2020-01-02,1 2 3,4\n'],
    ['a semicolon file', 'date;main;special\n2020-01-01;1 2 3;4\n'],
  ])('rejects %s with a single header error', (_label, text) => {
    expect(parseDrawCsv(text)).toEqual(HEADER_ERROR);
  });

  it('reports every bad line with its line number and keeps the good rows', () => {
    const text = [
      'date,main,special', // 1
      '2020-01-01,1 2 3,4', // 2
      '2020-02-30,1 2 3,4', // 3
      '2020-01-03,1 x 3,4', // 4
      '2020-01-04,1 2', // 5
      '', // 6
      '2020-01-05,1 2 3,4', // 7
      '2020-01-01,1 2 3,4', // 8
      '2020-01-06,1 2 3,y', // 9
      '2020-01-07,,4', // 10
      '1799-12-31,1 2 3,4', // 11
      '01/08/2020,1 2 3,4', // 12
      '2020-01-09,1 2 3,4,5', // 13
      '2020-01-10,-1 2.5 3,4', // 14
      '2020-01-11,1 2 3,4', // 15
    ].join('\n');
    const { rows, errors } = parseDrawCsv(text);
    expect(errors).toEqual([
      { line: 3, message: "Invalid date '2020-02-30'. Expected 'YYYY-MM-DD' format." },
      { line: 4, message: "Invalid number 'x' in main." },
      { line: 5, message: 'Expected 3 columns, got 2.' },
      { line: 8, message: 'Duplicate date 2020-01-01 (first on line 2).' },
      { line: 9, message: "Invalid number 'y' in special." },
      { line: 10, message: 'The main numbers are missing.' },
      { line: 11, message: 'The draw date cannot be before 1800-01-01.' },
      { line: 12, message: "Invalid date '01/08/2020'. Expected 'YYYY-MM-DD' format." },
      { line: 13, message: 'Expected 3 columns, got 4.' },
      { line: 14, message: "Invalid number '-1' in main." },
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 7, 15]);
  });

  it('names the first line of a duplicated date even if that line has other problems', () => {
    const text = 'date,main,special\n2020-01-01,1 z,\n2020-01-01,1 2,\n';
    expect(parseDrawCsv(text).errors).toEqual([
      { line: 2, message: "Invalid number 'z' in main." },
      { line: 3, message: 'Duplicate date 2020-01-01 (first on line 2).' },
    ]);
  });

  it('counts lines correctly with CRLF line endings', () => {
    const text = 'date,main,special\r\n2020-01-01,1 2 3,4\r\n\r\n\r\n2020-13-01,1 2 3,4\r\n';
    expect(parseDrawCsv(text).errors).toEqual([
      { line: 5, message: "Invalid date '2020-13-01'. Expected 'YYYY-MM-DD' format." },
    ]);
  });

  it('reports a multi-line quoted cell on the line where its record starts', () => {
    const text = 'date,main,special\n2020-01-01,"1\n2",3\n2020-01-02,1 2,q\n';
    const { rows, errors } = parseDrawCsv(text);
    expect(rows).toEqual([{ line: 2, date: '2020-01-01', main: [1, 2], special: [3] }]);
    expect(errors).toEqual([{ line: 4, message: "Invalid number 'q' in special." }]);
  });

  it('treats a stray quote inside a cell as data, so the cell is reported', () => {
    expect(parseDrawCsv('date,main,special\n2020-01-01,1 2" 3,4\n').errors).toEqual([
      { line: 2, message: "Invalid number '2\"' in main." },
    ]);
  });

  it('reports an unclosed quote where its record starts and stops there', () => {
    const text = 'date,main,special\n2020-01-01,1 2,3\n\n2020-01-02,"1 2,3\n2020-01-03,1 2,3\n';
    expect(parseDrawCsv(text)).toEqual({
      prizeColumns: false,
      rows: [{ line: 2, date: '2020-01-01', main: [1, 2], special: [3] }],
      errors: [
        {
          line: 4,
          message:
            'A quoted value starting on this line is never closed. Lines after this one were not checked.',
        },
      ],
    });
  });

  it('reports text after a closing quote', () => {
    const text = 'date,main,special\n2020-01-01,"1 2" 3,4\n2020-01-02,1 2,3\n';
    expect(parseDrawCsv(text).errors).toEqual([
      { line: 2, message: 'Unexpected text after a closing quote. Lines after this one were not checked.' },
    ]);
  });
});

/** `count` valid lines from 1900-01-01, one a day. */
function dailyLines(count: number, from = Date.UTC(1900, 0, 1)): string[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(from + i * 86_400_000).toISOString().slice(0, 10);
    return `${date},${(i % 40) + 1} ${(i % 7) + 41} 49,${i % 10}`;
  });
}

describe('parseDrawCsvInSlices (an import over HTTP)', () => {
  // ≈ 190 KB: a dozen slices of text, six of records.
  const big = ['date,main,special', ...dailyLines(6_000)];
  it.each([
    ['a small file', 'date,main,special\n2020-01-01,1 2 3,4\n\n2020-01-03,5 6 7,\n'],
    [
      'a BOM and CRLF',
      '\ufeff  Date , MAIN,Special \r\n2020-01-01, 01  2   3 ,4 5\r\n\r\n2020-01-02,7 8 9,10',
    ],
    ['an empty file', ''],
    ['a wrong header', 'date,numbers,special\n2020-01-01,1 2 3,4\n'],
    [
      'bad lines and a duplicate',
      'date,main,special\n2020-01-01,1 z,\n2020-01-01,1 2,\n2020-01-02,1 2,3,4\n',
    ],
    ['an unclosed quote', 'date,main,special\n2020-01-01,1 2,3\n\n2020-01-02,"1 2,3\n2020-01-03,1 2,3\n'],
    ['text after a closing quote', 'date,main,special\n2020-01-01,"1 2" 3,4\n2020-01-02,1 2,3\n'],
    ['a file of many slices', big.join('\n')],
    ['bad lines in late slices', [...big, '1799-01-01,1 2,', '2030-02-30,1,', big[1]].join('\n')],
    [
      'a quoted cell across lines in a late slice',
      [...big, '2030-01-01,"1\n2",3', '2030-01-02,1,q'].join('\n'),
    ],
    [
      'an unclosed quote in a late slice',
      [...big, '2030-01-01,"1 2,3', ...dailyLines(3, Date.UTC(2031, 0, 1))].join('\n'),
    ],
  ])('finds what parseDrawCsv finds in %s', async (_label, text) => {
    expect(await parseDrawCsvInSlices(text)).toEqual(parseDrawCsv(text));
  });

  it('gives the event loop back between slices: other work runs while a large file is parsed', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const parsed = await parseDrawCsvInSlices(big.join('\n'));
    counting = false;
    expect(parsed.rows).toHaveLength(6_000);
    expect(turns).toBeGreaterThan(5); // parsed in one go, none would run
  });
});

describe('parseDrawCsv: rounds and prize columns (contract section 10)', () => {
  it('reads a round column and tells two rounds of one date apart', () => {
    const result = parseDrawCsv(
      'date,main,special,round\n2026-06-10,1 2 3 4 5 6,7,1\n2026-06-10,8 9 10 11 12 13,14,2\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((row) => [row.date, row.round ?? 1])).toEqual([
      ['2026-06-10', 1],
      ['2026-06-10', 2],
    ]);
  });

  it('refuses the same round twice, and a round that is not a whole number from 1', () => {
    const result = parseDrawCsv(
      'date,main,special,round\n2026-06-10,1 2 3 4 5 6,7,2\n2026-06-10,1 2 3 4 5 6,7,2\n2026-06-13,1 2 3 4 5 6,7,0\n',
    );
    expect(result.errors).toEqual([
      { line: 3, message: 'Duplicate draw 2026-06-10 round 2 (first on line 2).' },
      { line: 4, message: "Invalid round '0': expected a whole number from 1 to 100." },
    ]);
  });

  it('reads prize columns into minor units, empty cells as null', () => {
    const text =
      'date,main,special,currency,jackpot_won,rank1_winners,rank1_amount,rank2_winners,rank2_amount,rank2_regions\n' +
      '2025-03-21,1 2 3 4 5,6 7,EUR,false,0,,4,453217.10,FR:1 ES:3\n';
    const [row] = parseDrawCsv(text).rows;
    expect(row.prizes).toEqual({
      date: '2025-03-21',
      currency: 'EUR',
      jackpot: { amountMinor: null, won: false, rollovers: null },
      divisions: [
        { rank: 1, winners: 0, amountMinor: null, regions: null },
        {
          rank: 2,
          winners: 4,
          amountMinor: 45321710,
          regions: [
            { region: 'FR', winners: 1 },
            { region: 'ES', winners: 3 },
          ],
        },
      ],
      next: null,
      source: 'import',
    });
  });

  it('names the prize cell at fault: an amount finer than the currency, a bad region list', () => {
    const text =
      'date,main,special,currency,rank1_amount,rank2_regions\n2025-03-21,1 2 3 4 5,6 7,EUR,1.005,\n2025-03-25,1 2 3 4 5,6 7,EUR,,FR=1\n';
    expect(parseDrawCsv(text).errors).toEqual([
      { line: 2, message: "Invalid 'rank1_amount' value. Expected an amount in EUR such as 1234.50." },
      {
        line: 3,
        message: "Invalid 'rank2_regions' value. Expected region:winners pairs such as 'FR:1 ES:2'.",
      },
    ]);
  });

  it('refuses a header with an unknown column', () => {
    expect(parseDrawCsv('date,main,special,colour\n').errors[0].line).toBe(1);
  });
});
