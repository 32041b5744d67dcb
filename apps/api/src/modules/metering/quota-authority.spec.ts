import { Logger } from '@nestjs/common';
import { MemoryStandingBoard } from './memory-standing-board';
import { NoQuotaRouteError, QuotaAuthority, type QuotaRoute } from './quota-authority';

const INTERVAL_MS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An instance: its authority, its gate, and what it was asked to do, in order. */
interface Instance {
  name: string;
  authority: QuotaAuthority;
  gateOpen: boolean;
  events: string[];
  leaveMs: number;
  leaveFails: boolean;
}

function instance(
  board: MemoryStandingBoard,
  name: string,
  timeline: string[],
  awayAtStart = false,
  routeTimeoutMs = 2000,
): Instance {
  const self = { name, gateOpen: false, events: [], leaveMs: 0, leaveFails: false } as unknown as Instance;
  self.authority = new QuotaAuthority(
    board,
    {
      useRedis: (open) => {
        self.gateOpen = open;
        timeline.push(`${name} ${open ? 'opens' : 'closes'} its gate`);
      },
      leaveRedis: async () => {
        await sleep(self.leaveMs);
        if (self.leaveFails) throw new Error('PostgreSQL away in this test');
        timeline.push(`${name} wrote its Redis units`);
      },
      prepareRedis: async () => {
        timeline.push(`${name} re-seeds`);
      },
    },
    awayAtStart,
    INTERVAL_MS,
    routeTimeoutMs,
  );
  return self;
}

/**
 * Samples the instances between every two macrotasks: never may one count in Redis (gate open) while another
 * charges the ledger (its route settled on the ledger). Returns the violations seen.
 */
function watchInvariant(instances: Instance[]) {
  const violations: string[] = [];
  let running = true;
  const loop = () => {
    const counting = instances.filter((i) => i.gateOpen).map((i) => i.name);
    const charging = instances.filter((i) => i.authority.route === 'ledger').map((i) => i.name);
    if (counting.length && charging.length)
      violations.push(`${counting.join(',')} count in Redis while ${charging.join(',')} charge the ledger`);
    if (running) setImmediate(loop);
  };
  loop();
  return {
    stop() {
      running = false;
      return violations;
    },
  };
}

async function until(condition: () => boolean, withinMs = 2000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

const routes = (...instances: Instance[]): (QuotaRoute | null)[] => instances.map((i) => i.authority.route);

describe('QuotaAuthority: every instance counts quota units in the same place', () => {
  let board: MemoryStandingBoard;
  let timeline: string[];
  let started: Instance[];

  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());

  beforeEach(() => {
    board = new MemoryStandingBoard();
    timeline = [];
    started = [];
  });
  afterEach(async () => {
    await Promise.all(started.map((i) => i.authority.stop()));
  });

  async function start(...instances: Instance[]): Promise<void> {
    started.push(...instances);
    await Promise.all(instances.map((i) => i.authority.start()));
  }

  it('starts in Redis, the counters re-seeded first, when every instance reaches it', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    expect(routes(a, b)).toEqual(['redis', 'redis']);
    expect([a.gateOpen, b.gateOpen]).toEqual([true, true]);
    expect(timeline.indexOf('A re-seeds')).toBeLessThan(timeline.indexOf('A opens its gate'));
  });

  it('one instance loses Redis: the other leaves it and writes its units before anyone charges the ledger', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    a.leaveMs = 50; // A takes its time writing what it counted in Redis
    const invariant = watchInvariant([a, b]);

    b.authority.setLocalAway(true);
    expect(b.gateOpen).toBe(false); // at once, not at the next publish
    expect(b.authority.route).toBeNull();
    const turn = b.authority.turn();
    expect(await turn).toBe('ledger');
    expect(timeline).toContain('A wrote its Redis units');
    await until(() => a.authority.route === 'ledger');
    expect(routes(a, b)).toEqual(['ledger', 'ledger']);
    expect(invariant.stop()).toEqual([]);
  });

  it('back in Redis only when every instance reaches it again, each having re-seeded before it counts there', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    b.authority.setLocalAway(true);
    await until(() => a.authority.route === 'ledger' && b.authority.route === 'ledger');
    await sleep(10 * INTERVAL_MS);
    expect(routes(a, b)).toEqual(['ledger', 'ledger']); // A reaches Redis, but B does not yet
    const invariant = watchInvariant([a, b]);
    timeline.length = 0;

    b.authority.setLocalAway(false);
    await until(() => a.authority.route === 'redis' && b.authority.route === 'redis');
    expect(invariant.stop()).toEqual([]);
    for (const name of ['A', 'B'])
      expect(timeline.indexOf(`${name} re-seeds`)).toBeLessThan(timeline.indexOf(`${name} opens its gate`));
  });

  it('a ledger charge under way ends before its instance says it no longer charges the ledger', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    b.authority.setLocalAway(true);
    await until(() => a.authority.route === 'ledger');
    let release!: () => void;
    const charge = a.authority.inLedger(
      () => new Promise<string>((resolve) => (release = () => resolve('charged'))),
    );
    await sleep(1);
    const invariant = watchInvariant([a, b]);
    b.authority.setLocalAway(false);
    await sleep(20 * INTERVAL_MS);
    expect(routes(a, b)).toEqual([null, null]); // both wait for A's charge
    expect(board.rows.get(a.authority.id)?.chargesLedger).toBe(true);
    release();
    expect(await charge).toBe('charged');
    await until(() => a.authority.route === 'redis' && b.authority.route === 'redis');
    expect(invariant.stop()).toEqual([]);
  });

  it('a charge that waited through a switch back to Redis is told to try Redis', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    b.authority.setLocalAway(true);
    await until(() => a.authority.route === 'ledger' && b.authority.route === 'ledger');
    // A's ledger charge holds the switch back to Redis open for as long as the test needs (a bare switch can pass
    // through "no route" faster than a poll sees it on a loaded machine).
    let release!: () => void;
    const held = a.authority.inLedger(
      () => new Promise<string>((resolve) => (release = () => resolve('charged'))),
    );
    await sleep(1);
    b.authority.setLocalAway(false);
    await until(() => b.authority.route === null);
    const charged = jest.fn(async () => 'charged');
    // A switch is under way: the charge waits, and then goes to Redis.
    const waiting = b.authority.inLedger(charged);
    await sleep(5 * INTERVAL_MS);
    release();
    expect(await held).toBe('charged');
    expect(await waiting).toBe('redis');
    expect(charged).not.toHaveBeenCalled();
  });

  it('an instance whose units cannot be written holds the ledger back until they are', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline);
    await start(a, b);
    a.leaveFails = true;
    b.authority.setLocalAway(true);
    await sleep(20 * INTERVAL_MS);
    expect(routes(a, b)).toEqual([null, null]);
    expect(board.rows.get(a.authority.id)?.countsInRedis).toBe(true);
    a.leaveFails = false;
    await until(() => b.authority.route === 'ledger');
  });

  it('an instance that starts while another is away starts on the ledger', async () => {
    const b = instance(board, 'B', timeline, true);
    await start(b);
    expect(b.authority.route).toBe('ledger');
    const c = instance(board, 'C', timeline);
    await start(c);
    expect(routes(b, c)).toEqual(['ledger', 'ledger']);
    expect(c.gateOpen).toBe(false);
  });

  it('a stopped instance withdraws: the others need not wait for its lease', async () => {
    const a = instance(board, 'A', timeline);
    const b = instance(board, 'B', timeline, true);
    await start(a, b);
    await until(() => a.authority.route === 'ledger' && b.authority.route === 'ledger');
    await b.authority.stop();
    await until(() => a.authority.route === 'redis');
  });

  it('without PostgreSQL no switch completes, and a charge waiting for one gets NoQuotaRouteError', async () => {
    const a = instance(board, 'A', timeline, false, 200);
    const b = instance(board, 'B', timeline, false, 200);
    await start(a, b);
    board.down = true;
    b.authority.setLocalAway(true);
    await expect(b.authority.turn()).rejects.toBeInstanceOf(NoQuotaRouteError);
    expect(a.authority.route).toBe('redis'); // A never heard: it keeps counting in Redis, B charges nowhere
    board.down = false;
    // B settles first (A has written its units and said so); A on its next publish.
    await until(() => b.authority.route === 'ledger' && a.authority.route === 'ledger');
  });
});
