import fc from 'fast-check';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { LotterySnapshot } from '../catalog/lottery-snapshot';
import type { StoredDraw } from '../draws/domain/draw-view';
import type { RuleEra } from '../lotteries/domain/lottery-rules';
import type { PrizePeriod } from '../lotteries/domain/prize-structure';
import type { CheckRequestDto } from './dto/check-request.dto';
import type { CheckResultDto } from './dto/check-result.dto';
import { TicketCheckService } from './ticket-check.service';

const group = (count: number, max: number, extra = {}) => ({ count, min: 1, max, distinct: true, ...extra });
const prizes = (from: string): PrizePeriod[] => [
  {
    from,
    source: 'test',
    divisions: [
      { rank: 1, main: 3, prize: { type: 'jackpot' } },
      { rank: 2, main: 2, prize: { type: 'fixed', amount: 5, currency: 'EUR' } },
      { rank: 3, main: 1, special: 1, prize: { type: 'free-play' } },
    ],
  },
];
/** Three eras: 3 of 1–10 + 1 of 1–5; 3 of 1–15 + 1 of 1–3; 3 of 1–12 without specials. */
const RULES: RuleEra[] = [
  {
    from: '2000-01-01',
    main: group(3, 10),
    special: group(1, 5, { pool: 'own' }),
    prizes: prizes('2000-01-01'),
  },
  {
    from: '2010-01-01',
    main: group(3, 15),
    special: group(1, 3, { pool: 'own' }),
    prizes: prizes('2010-01-01'),
  },
  { from: '2020-01-01', main: group(3, 12), special: null, prizes: prizes('2020-01-01') },
];
const ERA_STARTS = RULES.map((era) => era.from);
const YEARS = [2000, 2005, 2010, 2015, 2020, 2025];

/** Draws newest first, a few per year of YEARS, each within the rules of its era. */
function drawsOf(seed: number): StoredDraw[] {
  const draws: StoredDraw[] = [];
  let x = seed;
  const next = (max: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return 1 + (x % max);
  };
  for (const year of YEARS)
    for (let month = 1; month <= 6; month++) {
      const date = `${year}-0${month}-01`;
      const era = RULES.filter((r) => r.from <= date).at(-1)!;
      const main = new Set<number>();
      while (main.size < era.main.count) main.add(next(era.main.max));
      draws.push({ date, main: [...main], special: era.special ? [next(era.special.max)] : [] });
    }
  return draws.reverse();
}

function serviceOver(draws: StoredDraw[]): TicketCheckService {
  const snapshot = new LotterySnapshot(
    {
      tag: 'xx_eras',
      name: 'Eras',
      country: 'XX',
      timezone: 'UTC',
      specialName: null,
      rules: RULES,
      drawOrder: true,
      source: null,
      operator: null,
      terms: null,
      schedule: null,
      retiredOn: null,
    },
    draws,
  );
  const catalog = { snapshot: () => snapshot } as unknown as LotteryCatalog;
  return new TicketCheckService(catalog);
}

const badRequest = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).body.message ?? '';
  }
  throw new Error('expected a 400');
};

describe('TicketCheckService over several rule eras (contract section 9)', () => {
  const draws = drawsOf(7);
  const service = serviceOver(draws);
  const check = (body: Partial<CheckRequestDto>): CheckResultDto =>
    service.check('xx_eras', { tickets: [], ...body } as CheckRequestDto);
  const drawsIn = (from: string, until: string) =>
    draws.filter((d) => d.date >= from && d.date < until).length;

  it('checks a ticket against the draws of the eras it fits, and counts the others in `skipped`', () => {
    // A special of 4: within 1–5 (the first era); not within 1–3 (the second); the third has no specials (the
    // main numbers alone are checked: 1–12). So the draws of the second era are skipped.
    const result = check({ tickets: [{ main: [1, 2, 3], special: [4] }], from: '1990-01-01' });
    expect(result.draws).toBe(draws.length);
    expect(result.tickets[0].skipped).toBe(drawsIn('2010-01-01', '2020-01-01'));
    for (const win of result.tickets[0].results)
      expect(win.date < '2010-01-01' || win.date >= '2020-01-01').toBe(true);
  });

  it('has no `skipped` where the ticket fits every era checked', () => {
    const result = check({ tickets: [{ main: [1, 2, 3], special: [1] }], from: '1990-01-01' });
    expect(result.tickets[0]).not.toHaveProperty('skipped');
  });

  it('gives the same wins as checking the fitting eras one by one, for any ticket (property)', () => {
    const ticket = fc.record({
      main: fc.uniqueArray(fc.integer({ min: 1, max: 16 }), { minLength: 3, maxLength: 3 }),
      special: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 0, maxLength: 1 }),
    });
    fc.assert(
      fc.property(ticket, (t) => {
        const eraChecks = ERA_STARTS.map((from, i) => {
          const until = ERA_STARTS[i + 1] ?? '9999-12-31';
          try {
            return check({ tickets: [t], from, to: prevDay(until) }).tickets[0];
          } catch (error) {
            if (error instanceof ApiError && error.status === 400) return null;
            throw error;
          }
        });
        const fitting = eraChecks.filter((r) => r !== null);
        if (fitting.length === 0) {
          expect(badRequest(() => check({ tickets: [t], from: '1990-01-01' }))).toMatch(
            /^Invalid 'tickets\[0\]/,
          );
          return;
        }
        const whole = check({ tickets: [t], from: '1990-01-01' }).tickets[0];
        expect(whole.results).toEqual(
          fitting.flatMap((r) => r!.results).sort((a, b) => b.date.localeCompare(a.date)),
        );
        const skipped = eraChecks.reduce(
          (sum, r, i) => (r === null ? sum + drawsIn(ERA_STARTS[i], ERA_STARTS[i + 1] ?? '9999-12-31') : sum),
          0,
        );
        expect(whole.skipped ?? 0).toBe(skipped);
      }),
      { numRuns: 200 },
    );
  });

  it('names every ticket that fits no era checked in one 400; one ticket alone keeps its message', () => {
    const tickets = [
      { main: [1, 2, 16], special: [1] },
      { main: [1, 2, 3], special: [1] },
      { main: [1, 2, 2], special: [1] },
    ];
    expect(badRequest(() => check({ tickets, from: '1990-01-01' }))).toBe(
      [
        // Named under the rules of the newest era checked.
        Messages.invalidFieldProblem(
          'tickets[0].main',
          '16 is out of range 1-12 (the rules from 2020-01-01).',
        ),
        Messages.invalidFieldProblem('tickets[2].main', '2 is repeated.'),
      ].join('; '),
    );
    expect(
      badRequest(() => check({ tickets: tickets.slice(0, 1), from: '1990-01-01', to: '2012-01-01' })),
    ).toBe(
      Messages.invalidFieldProblem('tickets[0].main', '16 is out of range 1-15 (the rules from 2010-01-01).'),
    );
  });

  it('refuses a ticket against one draw of an era it does not fit (it fits no era checked)', () => {
    expect(
      badRequest(() => check({ tickets: [{ main: [1, 2, 3], special: [4] }], date: '2015-01-01' })),
    ).toBe(
      Messages.invalidFieldProblem(
        'tickets[0].special',
        '4 is out of range 1-3 (the rules from 2010-01-01).',
      ),
    );
  });

  it('checks nothing, and refuses nothing, over a range without draws; the range still carries its sums', () => {
    const result = check({ tickets: [{ main: [99, 98, 97] }], from: '2026-01-01' });
    expect(result.draws).toBe(0);
    expect(result.tickets[0]).toEqual({ main: [99, 98, 97], won: [], amountsUnknown: 0, results: [] });
  });
});

function prevDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
