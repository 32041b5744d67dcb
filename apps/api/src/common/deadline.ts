/**
 * How long a piece of work may go on, and whether whoever asked for it has given up (a request answered 408 or
 * 503). Work that writes checks it before it starts and before it commits, and hands it to the database layer,
 * which refuses a commit that would land after it (see database/bounded-client.ts).
 */
export class Deadline {
  /** Work nobody waits on with a clock: start-up, background jobs, the CLI. */
  static readonly NONE = new Deadline(Number.POSITIVE_INFINITY);

  /**
   * @param at epoch milliseconds after which nobody is waiting for the answer
   * @param signal aborted when the asker gives up before `at` (the request failed with a 503, say)
   */
  constructor(
    readonly at: number,
    readonly signal?: AbortSignal,
  ) {}

  get givenUp(): boolean {
    return this.signal?.aborted === true || Date.now() >= this.at;
  }

  throwIfGivenUp(): void {
    if (this.givenUp) throw new WorkAbandonedError();
  }
}

/**
 * The work stopped because nobody waits for it any more: its answer has been sent (408, 503) or it is past its
 * deadline. Nothing it started is committed. Should it reach the error filter before any answer went out (the
 * deadline passed a moment before the 408 timer fired), it is answered with the contract's 408.
 */
export class WorkAbandonedError extends Error {
  constructor() {
    super('Work abandoned: the request was already answered or is past its deadline');
    this.name = 'WorkAbandonedError';
  }
}

/** True for a WorkAbandonedError, or a query failure caused by one (TypeORM wraps it as the driver error). */
export function isWorkAbandoned(error: unknown): boolean {
  return (
    error instanceof WorkAbandonedError ||
    (error as { driverError?: unknown } | null)?.driverError instanceof WorkAbandonedError
  );
}
