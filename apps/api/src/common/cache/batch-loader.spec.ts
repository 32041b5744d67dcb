import { BatchLoader } from './batch-loader';

/** A query that answers when released, recording the keys of each call. */
function controlledQuery() {
  const calls: string[][] = [];
  const releases: (() => void)[] = [];
  const loadMany = (keys: string[]) => {
    calls.push(keys);
    return new Promise<Map<string, number>>((resolve) =>
      releases.push(() => resolve(new Map(keys.filter((k) => k !== 'unknown').map((k) => [k, k.length])))),
    );
  };
  return { calls, releases, loadMany };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('BatchLoader', () => {
  it('sends a key at once when nothing is under way, and the keys asked for meanwhile together next', async () => {
    const query = controlledQuery();
    const loader = new BatchLoader(query.loadMany, { maxBatch: 100, maxInFlight: 1, missing: null });
    const first = loader.load('a');
    expect(query.calls).toEqual([['a']]);
    const rest = ['bb', 'ccc', 'bb', 'unknown'].map((key) => loader.load(key));
    expect(query.calls).toHaveLength(1);
    query.releases[0]();
    expect(await first).toBe(1);
    await settle();
    expect(query.calls).toEqual([['a'], ['bb', 'ccc', 'unknown']]);
    query.releases[1]();
    expect(await Promise.all(rest)).toEqual([2, 3, 2, null]);
  });

  it('splits the waiting keys into batches of maxBatch, up to maxInFlight at once', async () => {
    const query = controlledQuery();
    const loader = new BatchLoader(query.loadMany, { maxBatch: 2, maxInFlight: 2, missing: null });
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => loader.load(key));
    expect(query.calls).toEqual([['a'], ['b']]);
    query.releases[0]();
    await settle();
    expect(query.calls).toEqual([['a'], ['b'], ['c', 'd']]);
    query.releases[1]();
    await settle();
    expect(query.calls).toEqual([['a'], ['b'], ['c', 'd'], ['e', 'f']]);
    query.releases[2]();
    query.releases[3]();
    expect(await Promise.all(all)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('fails every key of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const loader = new BatchLoader(
      async (keys: string[]) => {
        if (fail) throw new Error('database down');
        return new Map(keys.map((k) => [k, k.length]));
      },
      { maxBatch: 10, maxInFlight: 1, missing: null },
    );
    await expect(loader.load('a')).rejects.toThrow('database down');
    fail = false;
    expect(await loader.load('abc')).toBe(3);
  });
});
