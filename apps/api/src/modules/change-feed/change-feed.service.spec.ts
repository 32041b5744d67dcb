import { Logger } from '@nestjs/common';
import { openTestDataSource, type TestDataSource } from '../../../test/support/test-database';
import { testEngine } from '../../../test/support/test-engine';
import { ChangeFeed } from './change-feed.service';
import type { ChangeEventMap, ChangeEventType } from './change-events';

type EventOf<T extends ChangeEventType> = { type: T } & ChangeEventMap[T];

/**
 * The feed against the test engine's real database and triggers (migration ChangeFeed1796400000000): what a
 * writer publishes reaches this instance's subscribers before `publish` resolves; what anyone commits reaches
 * them through the database's notification; a lost LISTEN connection (server) comes back and says so.
 */
describe('ChangeFeed', () => {
  let db: TestDataSource;
  let feed: ChangeFeed;
  let errors: jest.SpyInstance;

  beforeAll(async () => {
    db = await openTestDataSource();
    feed = new ChangeFeed(db.dataSource, db.url, db.engine);
    await feed.start();
  });

  afterAll(async () => {
    await feed.onApplicationShutdown();
    await db.close();
  });

  beforeEach(() => {
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  /** The next event of `type` matching `match`, or a rejection after `ms`. */
  function next<T extends ChangeEventType>(
    type: T,
    match: (event: EventOf<T>) => boolean = () => true,
    ms = 5_000,
  ): Promise<EventOf<T>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`no ${type} event within ${ms} ms`));
      }, ms);
      const stop = feed.on(type, (event) => {
        if (!match(event)) return;
        clearTimeout(timer);
        stop();
        resolve(event);
      });
    });
  }

  it("resolves a writer's publish only after every subscriber, a slow asynchronous one included, has followed", async () => {
    const followed: string[] = [];
    const stops = [
      feed.on('lottery.changed', async ({ tag }) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        followed.push(`slow ${tag}`);
      }),
      feed.on('lottery.changed', ({ tag }) => void followed.push(`quick ${tag}`)),
    ];
    try {
      await feed.publish({ type: 'lottery.changed', tag: 'fr_lotto' });
      expect(followed.sort()).toEqual(['quick fr_lotto', 'slow fr_lotto']);
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  it('logs a failing subscriber without failing the writer, and still runs the others', async () => {
    const forgotten: string[] = [];
    const stops = [
      feed.on('token.changed', () => {
        throw new Error('thrown');
      }),
      feed.on('token.changed', () => Promise.reject(new Error('rejected'))),
      feed.on('token.changed', ({ secretHashes }) => void forgotten.push(...secretHashes)),
    ];
    try {
      await expect(feed.publish({ type: 'token.changed', secretHashes: ['a'.repeat(64)] })).resolves.toBe(
        undefined,
      );
      expect(forgotten).toEqual(['a'.repeat(64)]);
      const logged = errors.mock.calls.map(([message]) => String(message));
      expect(logged).toEqual(
        expect.arrayContaining([
          'A token.changed handler failed: thrown',
          'A token.changed handler failed: rejected',
        ]),
      );
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  it('stops calling a subscriber once it unsubscribes', async () => {
    let calls = 0;
    const stop = feed.on('account.changed', () => void (calls += 1));
    await feed.publish({ type: 'account.changed', accountId: 'a' });
    stop();
    await feed.publish({ type: 'account.changed', accountId: 'b' });
    expect(calls).toBe(1);
  });

  it("hears a change committed in plain SQL, with the changed row's key (the trigger speaks, not the writer)", async () => {
    const heard = next('license.changed', ({ name }) => name === 'free');
    await db.dataSource.query(`UPDATE licenses SET monthly_quota = monthly_quota + 1 WHERE name = 'free'`);
    await expect(heard).resolves.toEqual({ type: 'license.changed', name: 'free' });

    const lottery = next('lottery.changed', ({ tag }) => tag === 'fr_lotto');
    await db.dataSource.query(`UPDATE lotteries SET name = name || ' ' WHERE tag = 'fr_lotto'`);
    await expect(lottery).resolves.toEqual({ type: 'lottery.changed', tag: 'fr_lotto' });
  });

  it('says nothing for a transaction rolled back', async () => {
    const heard = next('license.changed', ({ name }) => name === 'free', 1_000);
    await db.dataSource
      .transaction(async (manager) => {
        await manager.query(`UPDATE licenses SET monthly_quota = monthly_quota + 1 WHERE name = 'free'`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expect(heard).rejects.toThrow('no license.changed event within 1000 ms');
  });

  // The embedded engine has no connection of the feed's own to lose (its pool's connections listen).
  if (testEngine() === 'server')
    it('on a server: after its connection is killed, reconnects, announces feed.resumed and hears changes again', async () => {
      const resumed = next('feed.resumed', () => true, 10_000);
      const [{ killed }] = await db.dataSource.query(
        `SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity
            WHERE datname = current_database() AND query = 'LISTEN lrs_changes' AND pid <> pg_backend_pid()`,
      );
      expect(killed).toBe(1);
      await expect(resumed).resolves.toEqual({ type: 'feed.resumed' });
      const heard = next('license.changed', ({ name }) => name === 'free');
      await db.dataSource.query(`UPDATE licenses SET monthly_quota = monthly_quota + 1 WHERE name = 'free'`);
      await expect(heard).resolves.toMatchObject({ name: 'free' });
    });
  else
    it('on the embedded engine: every pooled connection listens (no connection of its own to lose)', async () => {
      const [{ listening }] = await db.dataSource.query(
        `SELECT count(*)::int AS listening FROM pg_listening_channels() AS channel WHERE channel = 'lrs_changes'`,
      );
      expect(listening).toBe(1);
    });
});
