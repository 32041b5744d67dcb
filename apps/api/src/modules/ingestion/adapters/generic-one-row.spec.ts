import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { genericAdapter } from './generic';
import { parseSourceMapping } from '../domain/generic-mapping';
import { parseAnswer } from './source-adapter';

/**
 * An answer that is one draw, not a list of them: CAIXA's JSON API answers its latest contest as one object. A real
 * answer (Mega-Sena contest 2925, test/fixtures/sources/caixa/megasena-2925.json) read with `rows: '.'`.
 */
const CAIXA = {
  format: 'json',
  rows: '.',
  date: 'dataApuracao',
  dateFormat: 'DD/MM/YYYY',
  main: 'listaDezenas',
  prizes: {
    currency: 'BRL',
    divisions: [1, 2, 3].map((rank) => ({
      rank,
      winners: `listaRateioPremio.${rank - 1}.numeroDeGanhadores`,
      amount: `listaRateioPremio.${rank - 1}.valorPremio`,
    })),
  },
};
const answer = readFileSync(resolve(__dirname, '../../../../test/fixtures/sources/caixa/megasena-2925.json'));

function parse(mapping: Record<string, unknown>, body: Buffer) {
  const parsed = parseSourceMapping(mapping);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parseAnswer(genericAdapter(parsed.mapping, { timeZone: 'America/Sao_Paulo' }), body);
}

describe("generic adapter: an answer that is one draw (rows '.')", () => {
  it("reads CAIXA's latest contest: its date, its numbers (listed ascending) and each tier's prizes", () => {
    expect(parse(CAIXA, answer)).toEqual({
      draws: [
        {
          row: 1,
          date: '2025-10-09',
          main: [7, 9, 12, 13, 24, 27],
          special: [],
          prizes: {
            currency: 'BRL',
            jackpotMinor: null,
            divisions: [
              // Nobody won the sena: 0 winners, R$ 0.0 is nothing paid.
              { rank: 1, winners: 0, amountMinor: null, regions: null },
              { rank: 2, winners: 171, amountMinor: 939204, regions: null },
              { rank: 3, winners: 8228, amountMinor: 32174, regions: null },
            ],
          },
        },
      ],
      rejected: [],
    });
  });

  it('refuses a list where one object is expected, and rows "." outside JSON', () => {
    expect(() => parse(CAIXA, Buffer.from(`[${answer.toString('utf8')}]`))).toThrow(
      "expected one JSON object at '.' (the format may have changed)",
    );
    expect(parseSourceMapping({ ...CAIXA, format: 'csv', prizes: undefined })).toEqual({
      problem: "rows '.' (the answer is one row) is for format json",
    });
  });

  it("reads the contest's number where the mapping names its field (CAIXA's numero), and refuses a row without one", () => {
    const numbered = { ...CAIXA, contest: 'numero' };
    expect(parse(numbered, answer).draws).toEqual([
      expect.objectContaining({ date: '2025-10-09', contest: 2925 }),
    ]);
    // A number as text is read too; one that is not a whole number is the row's fault.
    expect(parse({ ...numbered, contest: 'numeroConcursoAnterior' }, answer).draws[0].contest).toBe(2924);
    expect(() => parse({ ...numbered, contest: 'localSorteio' }, answer)).toThrow(
      'no usable row in 1 (the format may have changed); row 1: localSorteio (text of 15 characters) is not a draw number',
    );
  });
});
