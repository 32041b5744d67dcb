import { describe, expect, it } from 'vitest';
import { datesOf, numbersText, previewCsv, rowOutcome } from './draw-csv-preview';

describe('previewCsv', () => {
  it('reads the first rows with their line numbers, and counts them all', () => {
    const csv = 'date,main,special\n2026-11-01,1 2 3,\n\n2026-11-02,4 5 6,7\n2026-11-03,7 8 9,1\n';
    const preview = previewCsv(csv, 2);
    expect(preview).toEqual({
      problem: '',
      total: 3,
      rows: [
        { line: 2, date: '2026-11-01', round: 1, main: ['1', '2', '3'], special: [] },
        { line: 4, date: '2026-11-02', round: 1, main: ['4', '5', '6'], special: ['7'] },
      ],
    });
  });

  it('takes the optional round column, in any place after the first three, and ignores prize columns', () => {
    const csv = 'Date,Main,Special,jackpot,ROUND\r\n2026-01-05,1 2,3,"1,000,000",2\r\n';
    expect(previewCsv(csv).rows).toEqual([
      { line: 2, date: '2026-01-05', round: 2, main: ['1', '2'], special: ['3'] },
    ]);
  });

  it('keeps counting lines across a quoted value that holds a line break', () => {
    const csv = 'date,main,special,rank1_regions\n2026-01-05,1 2,3,"Paris\nLyon"\n2026-01-06,4 5,6,\n';
    expect(previewCsv(csv).rows.map((row) => row.line)).toEqual([2, 4]);
  });

  it('says what is wrong with a file without the header', () => {
    expect(previewCsv('2026-11-01,1 2 3,')).toEqual({
      rows: [],
      total: 0,
      problem: 'The first line must be the header date,main,special (round and prize columns may follow).',
    });
  });

  it('skips a byte-order mark', () => {
    expect(previewCsv('\uFEFFdate,main,special\n2026-11-01,1 2 3,').total).toBe(1);
  });
});

describe('rowOutcome', () => {
  const row = { line: 2, date: '2026-11-01', round: 1, main: ['1', '2', '3'], special: ['7'] };

  it('is new when nothing is stored on the date', () => {
    expect(rowOutcome(row, undefined)).toEqual({ kind: 'new' });
  });

  it('is unchanged with the same numbers in the same order, a replacement otherwise', () => {
    expect(rowOutcome(row, { main: [1, 2, 3], special: [7] })).toEqual({ kind: 'unchanged' });
    const stored = { main: [3, 2, 1], special: [7] };
    expect(rowOutcome(row, stored)).toEqual({ kind: 'replaces', stored });
  });

  it('is refused when the service refused its line, whatever is stored', () => {
    expect(rowOutcome(row, { main: [1, 2, 3], special: [7] }, 'Too many numbers.')).toEqual({
      kind: 'refused',
      reason: 'Too many numbers.',
    });
  });
});

describe('numbersText and datesOf', () => {
  it('writes a draw with its specials after a plus', () => {
    expect(numbersText([4, 5, 6], [7])).toBe('4 5 6 + 7');
    expect(numbersText(['4', '5'], [])).toBe('4 5');
  });

  it('lists each valid date once', () => {
    const rows = previewCsv('date,main,special\n2026-11-01,1,\n2026-11-01,2,\nnot a date,3,\n').rows;
    expect(datesOf(rows)).toEqual(['2026-11-01']);
  });

  it('leaves out a day the calendar does not have (its line is refused by the dry run, not looked up)', () => {
    const rows = previewCsv(
      'date,main,special\n2026-02-28,1,\n2026-02-30,2,\n2024-02-29,3,\n2025-02-29,4,\n',
    ).rows;
    expect(datesOf(rows)).toEqual(['2026-02-28', '2024-02-29']);
  });
});
