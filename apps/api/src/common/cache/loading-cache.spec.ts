import { LoadingCache } from './loading-cache';

describe('LoadingCache', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000));

  it('loads a miss once for concurrent gets, then serves it until its time is up', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, now: clock });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      'value 1',
      'value 1',
      'value 1',
    ]);
    now += 99;
    expect(await cache.get('k', load)).toBe('value 1');
    // Past its time by more than ttlMs: loaded afresh before the answer.
    now += 101;
    expect(await cache.get('k', load)).toBe('value 2');
  });

  it('serves a value just past its time at once and reloads it in the background, once', async () => {
    // A reload wait of a minute: a get that waited on the reload would time the test out.
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, reloadWaitMs: 60_000, now: clock });
    await cache.get('k', async () => 'old');
    now += 150; // past its time, by less than another ttlMs
    let loads = 0;
    let release!: (v: string) => void;
    const reload = () => {
      loads += 1;
      return new Promise<string>((r) => (release = r));
    };
    expect(await cache.get('k', reload)).toBe('old');
    expect(await cache.get('k', reload)).toBe('old');
    expect(loads).toBe(1);
    release('new');
    await new Promise((r) => setImmediate(r));
    expect(cache.peek('k')).toBe('new');
  });

  it('refreshing ahead never serves an invalidated value, nor one the reload no longer keeps', async () => {
    const cache = new LoadingCache<string | null>({
      maxEntries: 10,
      ttlMs: 100,
      keep: (v) => v !== null,
      now: clock,
    });
    await cache.get('revoked', async () => 'owner');
    await cache.get('deleted', async () => 'owner');
    now += 150;
    cache.delete('revoked');
    expect(await cache.get('revoked', async () => null)).toBeNull();
    // Found deleted by a background reload (its broadcast missed): the old value goes with it.
    expect(await cache.get('deleted', async () => null)).toBe('owner');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('deleted', async () => null)).toBeNull();
  });

  it('a background reload that fails keeps the value and leaves nothing unhandled', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, now: clock });
    await cache.get('k', async () => 'known');
    now += 150;
    expect(await cache.get('k', async () => Promise.reject(new Error('database down')))).toBe('known');
    await new Promise((r) => setImmediate(r));
    expect(cache.peek('k')).toBe('known');
  });

  it('drops the least recently used entry when full (use is recorded at most once a second)', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 2, ttlMs: 10_000, now: clock });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    now += 1000;
    await cache.get('a', async () => 'reloaded a'); // a is now the most recently used
    await cache.get('c', async () => 'c');
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('does not keep a value loaded across an invalidation', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 1000, now: clock });
    let release!: (v: string) => void;
    const loading = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.delete('k'); // e.g. the token is revoked while its owner is being read
    release('before the revocation');
    expect(await loading).toBe('before the revocation');
    expect(cache.peek('k')).toBeUndefined();
  });

  it('keeps only the values `keep` accepts', async () => {
    const cache = new LoadingCache<string | null>({
      maxEntries: 10,
      ttlMs: 1000,
      keep: (v) => v !== null,
      now: clock,
    });
    await cache.get('known', async () => 'owner');
    await cache.get('unknown', async () => null);
    expect(cache.size).toBe(1);
  });

  it('serves the last known value when a reload fails, and retries a second later', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, now: clock });
    await cache.get('k', async () => 'known');
    now += 500;
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('database down');
    };
    expect(await cache.get('k', failing)).toBe('known');
    expect(await cache.get('k', failing)).toBe('known');
    expect(attempts).toBe(1);
    now += 1000;
    expect(await cache.get('k', failing)).toBe('known');
    expect(attempts).toBe(2);
    await expect(cache.get('never-seen', failing)).rejects.toThrow('database down');
  });

  it('serves the last known value when a reload hangs, without waiting for it, and keeps the late answer', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, reloadWaitMs: 20, now: clock });
    await cache.get('k', async () => 'known');
    now += 500;
    let attempts = 0;
    let release!: (v: string) => void;
    const hanging = () => {
      attempts += 1;
      return new Promise<string>((r) => (release = r));
    };
    const started = Date.now();
    expect(await cache.get('k', hanging)).toBe('known');
    expect(Date.now() - started).toBeLessThan(1000);
    // The requests that follow get it at once, and the hung reload is not started again.
    expect(cache.peek('k')).toBe('known');
    expect(await cache.get('k', hanging)).toBe('known');
    expect(attempts).toBe(1);
    release('reloaded');
    await new Promise((r) => setImmediate(r));
    expect(cache.peek('k')).toBe('reloaded');
  });

  it('a reload that answers within reloadWaitMs is what a get returns', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, reloadWaitMs: 5_000, now: clock });
    await cache.get('k', async () => 'old');
    now += 500;
    const slowButInTime = () => new Promise<string>((r) => setTimeout(() => r('new'), 20));
    expect(await cache.get('k', slowButInTime)).toBe('new');
  });

  it('never serves a value invalidated while its reload hangs', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, reloadWaitMs: 20, now: clock });
    await cache.get('k', async () => 'before');
    now += 500;
    let release!: (v: string) => void;
    const reading = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.delete('k'); // e.g. the account is disabled meanwhile
    await new Promise((r) => setTimeout(r, 50));
    release('after');
    expect(await reading).toBe('after');
  });

  it('caches nothing when ttlMs is 0', async () => {
    const cache = new LoadingCache<number>({ maxEntries: 10, ttlMs: 0, now: clock });
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('keeps a value offered from another lookup, unless the cache was invalidated since, or holds a fresh one', async () => {
    const cache = new LoadingCache<string>({ maxEntries: 10, ttlMs: 100, now: clock });
    const before = cache.version;
    cache.offer('a', 'offered a', before);
    expect(await cache.get('a', async () => 'loaded a')).toBe('offered a');

    const stale = cache.version;
    cache.delete('other'); // any invalidation: what was read before it may be outdated
    cache.offer('b', 'offered b', stale);
    expect(cache.peek('b')).toBeUndefined();

    cache.offer('a', 'offered again', cache.version);
    expect(cache.peek('a')).toBe('offered a');
  });
});
