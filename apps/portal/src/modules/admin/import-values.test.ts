import { describe, expect, it } from 'vitest';
import { drawCount, importErrors } from './import-values';

describe('importErrors', () => {
  it('asks for a lottery and a CSV', () => {
    expect(importErrors({ tag: '', csv: ' ' })).toEqual({
      tag: 'Choose the lottery the draws belong to.',
      csv: 'Paste the CSV, or choose a file.',
    });
  });

  it('refuses a CSV without its header, or without a draw', () => {
    expect(importErrors({ tag: 'fr_lotto', csv: '2026-11-01,1 2 3,' }).csv).toMatch(
      /^The first line must be/,
    );
    expect(importErrors({ tag: 'fr_lotto', csv: 'date,main,special\n' })).toEqual({
      csv: 'The file has its header but no draw.',
    });
  });

  it('leaves the numbers to the service', () => {
    expect(importErrors({ tag: 'fr_lotto', csv: 'date,main,special\n2026-11-01,1 1 99,' })).toEqual({});
  });
});

describe('drawCount', () => {
  it('says draw or draws', () => {
    expect([drawCount(1), drawCount(2)]).toEqual(['1 draw', '2 draws']);
  });
});
