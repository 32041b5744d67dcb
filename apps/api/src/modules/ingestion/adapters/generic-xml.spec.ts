import { genericAdapter } from './generic';
import { parseSourceMapping } from '../domain/generic-mapping';
import { parseAnswer } from './source-adapter';

const adapter = (value: Record<string, unknown>) => {
  const parsed = parseSourceMapping(value);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return genericAdapter(parsed.mapping);
};
const parse = (mapping: Record<string, unknown>, body: string) =>
  parseAnswer(adapter(mapping), Buffer.from(body, 'utf8'));
const problemOf = (mapping: Record<string, unknown>) => {
  const parsed = parseSourceMapping(mapping);
  return 'problem' in parsed ? parsed.problem : null;
};

describe('generic adapter, XML: rounds and row problems', () => {
  // Made up for the test (no real two-round publication was found): one `draw` element per round.
  const body = `<?xml version="1.0"?>
    <draws>
      <draw round="ONE"><date>2026-08-12</date><n>3</n><n>9</n><n>11</n><n>16</n><n>21</n><n>48</n><b>22</b>
        <tier level="1"><w>2</w><total>3000.10</total></tier></draw>
      <draw round="TWO"><date>2026-08-12</date><n>5</n><n>7</n><n>18</n><n>37</n><n>41</n><n>59</n><b>30</b>
        <tier level="1"><w>3</w><total>3000.10</total></tier></draw>
      <draw round="THREE-ISH"><date>2026-08-12</date><n>1</n><b>2</b></draw>
    </draws>`;
  const mapping = {
    format: 'xml',
    rows: 'draws.draw',
    date: 'date',
    round: '@round',
    main: 'n',
    special: 'b',
    prizes: {
      currency: 'GBP',
      divisions: [{ rank: 1, winners: 'tier[@level=1].w', total: 'tier[@level=1].total' }],
    },
  };

  it('reads the round from an attribute; a total that does not share evenly refuses the row, naming the field', () => {
    const parsed = parse(mapping, body);
    expect(parsed.draws.map((d) => [d.date, d.round, d.main, d.special])).toEqual([
      ['2026-08-12', 1, [3, 9, 11, 16, 21, 48], [22]],
    ]);
    expect(parsed.draws[0].prizes?.divisions[0]).toEqual({
      rank: 1,
      winners: 2,
      amountMinor: 150_005,
      regions: null,
    });
    expect(parsed.rejected).toEqual([
      {
        row: 2,
        date: '2026-08-12',
        message: 'tier[@level=1].total does not divide evenly among the winners',
      },
      {
        row: 3,
        date: '2026-08-12',
        message: '@round (text of 9 characters) is not a round (1, 2, … or ONE, TWO, …)',
      },
    ]);
  });

  it('checks the paths when the mapping is saved: rows required, every field a path', () => {
    expect(problemOf({ format: 'xml', date: 'date', main: 'n' })).toMatch(
      /^with format xml, rows must be the path of the repeated element; element names joined by dots/,
    );
    expect(problemOf({ ...mapping, main: 'n[@x=1' })).toMatch(
      /^with format xml, 'n\[@x=1' is not an element path; /,
    );
    expect(problemOf({ ...mapping, special: ['b', '@x.y'] })).toMatch(/'@x\.y' is not an element path/);
    expect(problemOf({ ...mapping, format: 'yaml' })).toBe("format must be 'json', 'csv' or 'xml'");
    expect(problemOf(mapping)).toBeNull();
    expect(
      problemOf({ ...mapping, prizes: { currency: 'GBP', divisions: [{ rank: 1, total: 'tier.total' }] } }),
    ).toBe('prizes.divisions[0].total must name a field, with winners and without amount');
  });
});
