import type { DrawChangeDto, LotteryClient } from '../src';
import { adminClient, apiError, collect, registerSubscriber } from './support/fixtures';

/** Reads a web stream to text. */
async function text(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  return stream ? new Response(stream).text() : '';
}

describe('bulk reads: exportDraws and followChanges (contract section 12)', () => {
  let client: LotteryClient;
  let admin: LotteryClient;

  beforeAll(async () => {
    const subscriber = await registerSubscriber('bulk');
    admin = await adminClient();
    await admin.admin.licenses.put('sdk-test-bulk', {
      monthlyQuota: null,
      perSecond: 1000,
      perMinute: 60000,
      perHour: 1000000,
    });
    await admin.admin.accounts.update(subscriber.accountId, { license: 'sdk-test-bulk' });
    client = subscriber.lottery;
  });

  it('exportDraws yields the whole history in one request, the same draws as the paged walk', async () => {
    const exported = await collect(client.exportDraws('au_powerball'));
    expect(exported).toEqual(await collect(client.draws('au_powerball')));
    expect(exported).toHaveLength(352);
    const withPrizes = await collect(
      client.exportDraws('eu_euromillions', { from: '2025-03-25', to: '2025-03-25', prizes: true }),
    );
    expect(withPrizes).toHaveLength(1);
    const { lottery, ...prizes } = await client.prizes('eu_euromillions', '2025-03-25');
    expect(lottery).toBe('eu_euromillions');
    expect(withPrizes[0].prizes).toEqual(prizes);
  });

  it('exportDraws(…).raw() gives the bytes to save, and with the ETag nothing until something changes', async () => {
    const csv = await client.exportDraws('au_powerball', { from: '2025-01-01' }).raw({ format: 'csv' });
    expect(csv).toMatchObject({ modified: true, filename: 'au_powerball-draws.csv' });
    const body = await text(csv.body);
    expect(body.split('\r\n')[0]).toMatch(/^date,main_1,/);
    const again = await client.exportDraws('au_powerball', { from: '2025-01-01' }).raw({
      format: 'csv',
      ifNoneMatch: csv.etag!,
    });
    expect(again).toMatchObject({ modified: false, body: null, etag: csv.etag });
    const bad = await apiError(
      client.exportDraws('au_powerball', { from: '2025-02-01', to: '2025-01-01' }).raw(),
    );
    expect(bad).toMatchObject({
      status: 400,
      message: "Invalid 'from' value. Expected a date on or before 'to'.",
    });
  });

  it('followChanges yields each event once, in commit order, and gives the cursor to resume from', async () => {
    const tag = 'sdk_feed';
    await admin.admin.lotteries.create({
      tag,
      name: 'SDK feed',
      country: 'FR',
      timezone: 'Europe/Paris',
      main: { count: 3, min: 1, max: 30, distinct: true },
      special: null,
    });
    const start = (await client.lottery.changes()).next;
    await admin.admin.draws.put(tag, '2026-01-01', { main: [1, 2, 3], special: [] });
    await admin.admin.draws.put(tag, '2026-01-02', { main: [4, 5, 6], special: [] });

    const stop = new AbortController();
    const cursors: string[] = [];
    const seen: DrawChangeDto[] = [];
    const following = (async () => {
      for await (const change of client.followChanges({
        since: start,
        lotteries: [tag],
        pollIntervalMs: 50,
        signal: stop.signal,
        onCursor: (cursor) => void cursors.push(cursor),
      })) {
        seen.push(change);
        if (seen.length === 2)
          await admin.admin.draws.put(tag, '2026-01-01', { main: [1, 2, 9], special: [] });
        if (seen.length === 3) stop.abort();
      }
    })();
    await following;
    expect(seen.map((c) => [c.type, c.data.draw.date])).toEqual([
      ['draw.published', '2026-01-01'],
      ['draw.published', '2026-01-02'],
      ['draw.corrected', '2026-01-01'],
    ]);
    // Resuming from the last cursor given: nothing is seen twice.
    const after = await client.lottery.changes({ since: cursors.at(-1), lotteries: tag });
    expect(after.changes).toEqual([]);
  });
});
