/** Rows per statement of a pruning round, and statements per round: each stays short, what is left waits. */
export const PRUNE_BATCH = 1_000;
const MAX_BATCHES = 50;

/**
 * A round of upkeep that every instance runs on a timer (retention of old rows): the first a minute after start,
 * then hourly. A round's failure is reported and the next one comes all the same; stop() waits for a round under
 * way, so that shutdown closes the database after it.
 */
export class UpkeepRounds {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly onError: (error: Error) => void,
    private readonly intervalMs = 3_600_000,
    private readonly firstAfterMs = 60_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(this.firstAfterMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch(this.onError)
        .finally(() => this.schedule(this.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}

/**
 * Runs `deleteBatch` (which deletes at most PRUNE_BATCH rows and answers how many) until a batch comes back short,
 * at most 50 times; answers how many rows went.
 */
export async function pruneInBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  return total;
}
