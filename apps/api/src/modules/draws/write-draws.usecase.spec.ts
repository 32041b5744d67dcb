import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource, type TestDataSource } from '../../../test/support/test-database';
import { Deadline, WorkAbandonedError } from '../../common/deadline';
import { ApiError } from '../../common/errors/api-error';
import type { PrizesInput } from '../prizes/domain/prize-input';
import type { DrawToWrite } from './domain/draw-problems';
import { writeDraws, type WriteDrawsOptions } from './write-draws.usecase';

/** Two eras: one round a date until 2024, two from 2025; both with a prize structure of ranks 1 and 2. */
const group = (count: number, max: number) => ({ count, min: 1, max, distinct: true });
const prizeStructure = (from: string) => [
  {
    from,
    source: 'spec',
    divisions: [
      { rank: 1, main: 3, special: 1, prize: { type: 'jackpot' } },
      { rank: 2, main: 3, prize: { type: 'parimutuel' } },
    ],
  },
];
const RULES = [
  { from: '2020-01-01', main: group(3, 30), special: group(1, 9), prizes: prizeStructure('2020-01-01') },
  {
    from: '2025-01-01',
    main: group(3, 30),
    special: group(1, 9),
    prizes: prizeStructure('2025-01-01'),
    rounds: 2,
  },
];

const ADMIN: WriteDrawsOptions<DrawToWrite> = {
  origin: 'administrator',
  provenance: null,
  invalid: 'report',
  publish: 'on-change',
};
const SOURCE_PROVENANCE = {
  source: 'generic http://127.0.0.1/spec.csv',
  fetchedAt: new Date('2026-08-14T12:00:00Z'),
};

const prizes = (date: string, ranks: number[]): PrizesInput => ({
  date,
  currency: 'EUR',
  jackpot: null,
  divisions: ranks.map((rank) => ({ rank, winners: rank, amountMinor: 1000 * rank, regions: null })),
  next: null,
  source: 'spec',
});

/** A deadline the caller gives up on once `gaveUp` says so (as a 408 would), without cutting the connection. */
class GivenUpWhen extends Deadline {
  constructor(private readonly gaveUp: () => boolean) {
    super(Number.POSITIVE_INFINITY);
  }
  override get givenUp(): boolean {
    return this.gaveUp();
  }
}

/**
 * writeDraws on the real schema (the test engine's database, migrated and seeded): what it stores in `draws`,
 * `draw_prizes` and the webhook outbox is read back with SQL. Each test writes to a lottery of its own, to which
 * an active account subscribes for every draw event, so that each event written reaches the outbox.
 */
describe('writeDraws', () => {
  let db: TestDataSource;
  let dataSource: DataSource;
  let publish: jest.Mock<Promise<void>, [unknown]>;
  let ports: Parameters<typeof writeDraws>[0];

  beforeAll(async () => {
    db = await openTestDataSource();
    dataSource = db.dataSource;
  });
  afterAll(async () => db?.close());
  beforeEach(() => {
    publish = jest.fn().mockResolvedValue(undefined);
    ports = { dataSource, changes: { publish } };
  });

  const newLottery = async (): Promise<string> => {
    const tag = `wd_${randomBytes(4).toString('hex')}`;
    await dataSource.query(
      `INSERT INTO lotteries (tag, name, country, timezone, rules) VALUES ($1, $1, 'XX', 'UTC', $2::jsonb)`,
      [tag, JSON.stringify(RULES)],
    );
    const [account] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO accounts (email, password_hash, license_name) VALUES ($1, 'unused', 'free') RETURNING id`,
      [`writes-${randomUUID()}@example.test`],
    );
    await dataSource.query(
      `INSERT INTO webhook_subscriptions (account_id, url, events, lotteries, secret)
       VALUES ($1, 'http://127.0.0.1:9/hook', '["draw.published","draw.corrected","draw.prizes"]', $2, $3)`,
      [account.id, JSON.stringify([tag]), `whsec_${randomBytes(32).toString('base64url')}`],
    );
    return tag;
  };
  const draw = (date: string, main: number[], special: number[], extra: Partial<DrawToWrite> = {}) => ({
    date,
    main,
    special,
    ...extra,
  });
  const storedDraws = (tag: string) =>
    dataSource.query<
      { date: string; round: number; main: number[]; special: number[]; source: string | null }[]
    >(
      `SELECT to_char(draw_date, 'YYYY-MM-DD') AS date, round, main, special, source FROM draws
        WHERE lottery_tag = $1 ORDER BY draw_date, round`,
      [tag],
    );
  const storedPrizes = (tag: string) =>
    dataSource.query<{ date: string; ranks: number[] }[]>(
      `SELECT to_char(draw_date, 'YYYY-MM-DD') AS date,
              ARRAY(SELECT (d->>'rank')::int FROM jsonb_array_elements(divisions) d) AS ranks
         FROM draw_prizes WHERE lottery_tag = $1 ORDER BY draw_date, round`,
      [tag],
    );
  /** The outbox's events for the lottery, oldest first: type and the draw's date. */
  const events = async (tag: string) =>
    (
      await dataSource.query<{ type: string; body: string }[]>(
        `SELECT type, body FROM webhook_events WHERE lottery_tag = $1 ORDER BY created_at, body`,
        [tag],
      )
    ).map(
      (event) =>
        `${event.type} ${(JSON.parse(event.body) as { data: { draw: { date: string } } }).data.draw.date}`,
    );

  it('counts inserted, updated and unchanged draws, queues an event for each written one, and announces changes', async () => {
    const tag = await newLottery();
    const first = await writeDraws(
      ports,
      tag,
      [draw('2024-03-01', [1, 2, 3], [4]), draw('2024-03-02', [5, 6, 7], [8])],
      ADMIN,
      Deadline.NONE,
    );
    expect(first).toMatchObject({
      inserted: 2,
      updated: 0,
      unchanged: 0,
      prizes: 0,
      ignored: 0,
      rejected: [],
    });

    const second = await writeDraws(
      ports,
      tag,
      [
        draw('2024-03-01', [1, 2, 3], [4]),
        draw('2024-03-02', [5, 6, 9], [8]),
        draw('2024-03-03', [10, 11, 12], [1]),
      ],
      ADMIN,
      Deadline.NONE,
    );
    expect(second).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, rejected: [] });
    expect(await storedDraws(tag)).toEqual([
      { date: '2024-03-01', round: 1, main: [1, 2, 3], special: [4], source: null },
      { date: '2024-03-02', round: 1, main: [5, 6, 9], special: [8], source: null },
      { date: '2024-03-03', round: 1, main: [10, 11, 12], special: [1], source: null },
    ]);
    expect((await events(tag)).sort()).toEqual([
      'draw.corrected 2024-03-02',
      'draw.published 2024-03-01',
      'draw.published 2024-03-02',
      'draw.published 2024-03-03',
    ]);
    expect(publish).toHaveBeenCalledTimes(2);
    expect(publish).toHaveBeenLastCalledWith({ type: 'lottery.changed', tag });

    // Nothing changed: no event, and no announcement unless the caller always wants one (a PUT).
    const same = [draw('2024-03-01', [1, 2, 3], [4])];
    expect(await writeDraws(ports, tag, same, ADMIN, Deadline.NONE)).toMatchObject({
      inserted: 0,
      unchanged: 1,
    });
    expect(publish).toHaveBeenCalledTimes(2);
    await writeDraws(ports, tag, same, { ...ADMIN, publish: 'always' }, Deadline.NONE);
    expect(publish).toHaveBeenCalledTimes(3);
    expect(await events(tag)).toHaveLength(4);
  });

  it("rejects a draw outside its era's rules or rounds, worded for an administrator or for a source", async () => {
    const tag = await newLottery();
    const faulty = [
      draw('2024-05-01', [1, 2, 3], [4], { round: 2 }),
      draw('2025-05-01', [1, 2, 3], [4], { round: 3 }),
      draw('2019-12-31', [1, 2, 3], [4]),
      draw('2025-05-02', [1, 2, 3], [4], { round: 2 }),
    ];
    const byAdministrator = await writeDraws(ports, tag, faulty, ADMIN, Deadline.NONE);
    expect(byAdministrator.rejected.map((r) => [r.draw.date, r.message])).toEqual([
      ['2024-05-01', "Invalid 'round' value: 2024-05-01 has one round under the lottery's rules, got 2."],
      ['2025-05-01', "Invalid 'round' value: 2025-05-01 has 2 rounds under the lottery's rules, got 3."],
      ['2019-12-31', 'No rules are in force on 2019-12-31.'],
    ]);
    expect(byAdministrator).toMatchObject({ inserted: 1, ignored: 0 });

    // A source's rows before the first era are history not kept (ignored); a draw met twice is its fault.
    const fromSource = await writeDraws(
      ports,
      tag,
      [...faulty, draw('2025-05-02', [1, 2, 3], [4], { round: 2 })],
      { ...ADMIN, origin: 'source', provenance: SOURCE_PROVENANCE },
      Deadline.NONE,
    );
    expect(fromSource.rejected.map((r) => r.message)).toEqual([
      'the answer holds round 2 of this date twice',
      "round 2 does not exist: 2024-05-01 has one round under the lottery's rules",
      "round 3 does not exist: 2025-05-01 has 2 rounds under the lottery's rules",
    ]);
    expect(fromSource).toMatchObject({ inserted: 0, unchanged: 1, ignored: 1 });
    expect(await storedDraws(tag)).toEqual([
      { date: '2025-05-02', round: 2, main: [1, 2, 3], special: [4], source: null },
    ]);

    // A single draw (a PUT): the fault is the request's 400, and nothing is announced.
    const put = writeDraws(ports, tag, [faulty[0]], { ...ADMIN, invalid: 'throw' }, Deadline.NONE);
    await expect(put).rejects.toBeInstanceOf(ApiError);
    await expect(put).rejects.toMatchObject({
      message: "Invalid 'round' value: 2024-05-01 has one round under the lottery's rules, got 2.",
    });
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('checks prizes against the structure of their date and stores them with their event', async () => {
    const tag = await newLottery();
    const wrongRanks =
      "Invalid 'divisions[1].rank' value: rank 3 is not a division of the prize structure in force (ranks 1-2).";
    const administrator = await writeDraws(
      ports,
      tag,
      [
        draw('2024-06-01', [1, 2, 3], [4], { prizes: prizes('2024-06-01', [1, 2]) }),
        draw('2024-06-02', [1, 2, 3], [4], { prizes: prizes('2024-06-02', [1, 3]) }),
      ],
      ADMIN,
      Deadline.NONE,
    );
    // An administrator's draw with prizes that do not fit is rejected whole.
    expect(administrator).toMatchObject({ inserted: 1, prizes: 1 });
    expect(administrator.rejected.map((r) => [r.draw.date, r.message])).toEqual([['2024-06-02', wrongRanks]]);

    // A source's draw is stored all the same; only its prizes are left out.
    const source = await writeDraws(
      ports,
      tag,
      [draw('2024-06-03', [1, 2, 3], [4], { prizes: prizes('2024-06-03', [1, 3]) })],
      { ...ADMIN, origin: 'source', provenance: SOURCE_PROVENANCE },
      Deadline.NONE,
    );
    expect(source).toMatchObject({ inserted: 1, prizes: 0 });
    expect(source.rejected.map((r) => r.message)).toEqual([`prizes not stored: ${wrongRanks}`]);

    expect((await storedDraws(tag)).map((d) => [d.date, d.source])).toEqual([
      ['2024-06-01', null],
      ['2024-06-03', SOURCE_PROVENANCE.source],
    ]);
    expect(await storedPrizes(tag)).toEqual([{ date: '2024-06-01', ranks: [1, 2] }]);
    expect((await events(tag)).sort()).toEqual([
      'draw.prizes 2024-06-01',
      'draw.published 2024-06-01',
      'draw.published 2024-06-03',
    ]);
  });

  it("writes only what a source's conflict policy selects: a differing draw is not overwritten", async () => {
    const tag = await newLottery();
    await writeDraws(ports, tag, [draw('2024-07-01', [1, 2, 3], [4])], ADMIN, Deadline.NONE);
    const fetched = [
      draw('2024-07-01', [1, 2, 5], [4], { prizes: prizes('2024-07-01', [1, 2]) }),
      draw('2024-07-02', [7, 8, 9], [1], { prizes: prizes('2024-07-02', [1, 2]) }),
    ];
    const written = await writeDraws(
      ports,
      tag,
      fetched,
      {
        ...ADMIN,
        origin: 'source',
        provenance: SOURCE_PROVENANCE,
        // A conflict waits for an administrator: only the new draw, and its prizes, are stored.
        select: async (_manager, valid) => {
          const fresh = valid.filter((d) => d.date !== '2024-07-01');
          return { write: fresh, prizesOf: fresh, rejected: [] };
        },
      },
      Deadline.NONE,
    );
    expect(written).toMatchObject({ inserted: 1, updated: 0, prizes: 1, rejected: [] });
    expect((await storedDraws(tag)).map((d) => [d.date, d.main])).toEqual([
      ['2024-07-01', [1, 2, 3]],
      ['2024-07-02', [7, 8, 9]],
    ]);
    expect(await storedPrizes(tag)).toEqual([{ date: '2024-07-02', ranks: [1, 2] }]);
    expect((await events(tag)).filter((e) => e.includes('2024-07-01'))).toEqual([
      'draw.published 2024-07-01',
    ]);
  });

  it('previews: counts what it would write, and writes and announces nothing', async () => {
    const tag = await newLottery();
    const preview = await writeDraws(
      ports,
      tag,
      [draw('2024-08-01', [1, 2, 3], [4], { prizes: prizes('2024-08-01', [1]) })],
      { ...ADMIN, dryRun: true },
      Deadline.NONE,
    );
    expect(preview).toMatchObject({ inserted: 1, prizes: 1 });
    expect(await storedDraws(tag)).toEqual([]);
    expect(await events(tag)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });

  it('writes nothing for a request given up on between batches', async () => {
    const tag = await newLottery();
    // 1,500 draws (two batches), one a day: given up once the first batch is written.
    const start = Date.UTC(2020, 0, 1);
    const many = Array.from({ length: 1500 }, (_, i) =>
      draw(new Date(start + i * 86_400_000).toISOString().slice(0, 10), [1, 2, 3], [4]),
    );
    let batchesWritten = 0;
    const progress: number[] = [];
    const written = writeDraws(
      ports,
      tag,
      many,
      {
        ...ADMIN,
        onProgress: ({ written }) => {
          progress.push(written);
          if (written > 0) batchesWritten += 1;
        },
      },
      new GivenUpWhen(() => batchesWritten > 0),
    );
    await expect(written).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(progress).toEqual([0, 1000]);
    expect(await storedDraws(tag)).toEqual([]);
    expect(await events(tag)).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });
});
