import { ApiError } from '../../src/common/errors/api-error';

/**
 * What a guard, pipe or service refused with, for unit specs: the ApiError's status and body (the contract's),
 * or a failure when `run` let the call through.
 */
export interface Refusal {
  status: number;
  body: ApiError['body'];
  /** The error itself (not enumerable: `toEqual({ status, body })` compares what a client sees). */
  readonly error: ApiError;
}

const refusalFrom = (error: unknown): Refusal => {
  if (!(error instanceof ApiError)) throw error;
  const refusal = { status: error.status, body: error.body };
  return Object.defineProperty(refusal, 'error', { value: error, enumerable: false }) as Refusal;
};

/** The refusal of a call that may answer later (a rejected promise, or thrown at once). */
export async function refusalOf(run: () => unknown): Promise<Refusal> {
  try {
    await run();
  } catch (error) {
    return refusalFrom(error);
  }
  throw new Error('not refused');
}

/** The refusal of a call that must answer at once (thrown, not a rejected promise: the hot path awaits nothing). */
export function refusalAtOnce(run: () => unknown): Refusal {
  let answer: unknown;
  try {
    answer = run();
  } catch (error) {
    return refusalFrom(error);
  }
  if (answer instanceof Promise) answer.catch(() => undefined); // not left unhandled: the test fails below
  throw new Error(
    `not refused at once: answered ${answer instanceof Promise ? 'a promise' : String(answer)}`,
  );
}
