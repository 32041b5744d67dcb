import { Logger } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { cheapWarning } from './common-passwords';

/** What zxcvbn says about a password: 0 (too guessable) to 4 (very unguessable), and why. */
export interface StrengthVerdict {
  score: number;
  /** e.g. "This is a heavily used password."; null when nothing stands out. */
  warning: string | null;
  /** e.g. "Add more words that are less common." */
  suggestion: string | null;
}

/**
 * Scores below this are refused: 0 and 1 are "too guessable" and "very guessable" (under 10^6 guesses), i.e. common
 * passwords and their obvious variants (`password123`, `Password1!`, `qwertyuiop`, `iloveyou12`).
 */
export const MIN_STRENGTH_SCORE = 2;

/**
 * zxcvbn's cost grows quickly with the length (measured: 3 ms for 20 ordinary characters, 70 ms for 20 chosen to be
 * costly, 400 ms for 64 of those): only the first 20 characters are scored. Common passwords are shorter, and a
 * common start followed by anything short still scores low.
 */
const SCORED_LENGTH = 20;
/**
 * Scorings allowed to wait for the worker. A flood of costly passwords (one client may send 20 a second) would
 * otherwise make every registration wait in line; beyond this, a password gets the cheap check instead (never no
 * check: see cheapWarning). Ordinary traffic never comes near it.
 */
const MAX_WAITING = 16;
/**
 * A worker that has not answered in this time (stuck, or starting on a starved machine: it loads ≈ 230,000 words
 * in ≈ 0.6 s) leaves the password to the cheap check, well before the request's own timeout.
 */
const ANSWER_TIMEOUT_MS = 10_000;
/** At most one "not scored" line in this time: a flood must not flood the log too. */
const WARN_INTERVAL_MS = 60_000;

/**
 * zxcvbn-ts with its common-passwords and English dictionaries (≈ 230,000 words), in a worker thread: scoring takes
 * 1–100 ms of CPU, which must not run in the thread that answers metered reads. The worker is plain JavaScript
 * given as text, so the same code runs from the compiled app and from the TypeScript tests.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const en = require(workerData.en);
const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  maxLength: workerData.maxLength,
});
parentPort.on('message', ({ id, password }) => {
  try {
    const { score, feedback } = zxcvbn.check(password);
    parentPort.postMessage({ id, score, warning: feedback.warning || null, suggestion: feedback.suggestions[0] || null });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type Pending = { resolve: (verdict: StrengthVerdict) => void; reject: (error: Error) => void };

/** Why the cheap check refuses a password, as a verdict; a password it lets through gets the lowest passing score. */
async function cheapVerdict(password: string): Promise<StrengthVerdict> {
  const warning = await cheapWarning(password);
  return warning
    ? { score: 0, warning, suggestion: 'Add more words that are less common.' }
    : { score: MIN_STRENGTH_SCORE, warning: null, suggestion: null };
}

/**
 * One worker for the process, started on first use (most processes never score a password) and restarted if it
 * dies. It outlives an app: it never keeps the process alive (unref), and apps started one after another in one
 * process (the tests' many apps) share it instead of each loading the dictionaries again (≈ 0.2 s of CPU, and the
 * first registration's wait). Fails closed: every password gets a verdict, zxcvbn's when the worker answers, the
 * cheap check's when it is busy, broken or too slow.
 */
export class PasswordStrengthWorker {
  private readonly logger = new Logger('PasswordStrength');
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private warnedAt = -Infinity;

  constructor(
    private readonly limits: { maxWaiting: number; answerTimeoutMs: number } = {
      maxWaiting: MAX_WAITING,
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
    },
  ) {}

  async score(password: string): Promise<StrengthVerdict> {
    if (this.pending.size >= this.limits.maxWaiting) {
      this.warnNotScored(`${this.limits.maxWaiting} scorings already waiting`);
      return cheapVerdict(password);
    }
    try {
      return await this.scoreInWorker(password);
    } catch (error) {
      this.warnNotScored((error as Error).message);
      return cheapVerdict(password);
    }
  }

  private scoreInWorker(password: string): Promise<StrengthVerdict> {
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer from the worker in ${this.limits.answerTimeoutMs} ms`));
      }, this.limits.answerTimeoutMs);
      timer.unref();
      const settled =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          settle(value);
        };
      this.pending.set(id, { resolve: settled(resolve), reject: settled(reject) });
      worker.postMessage({ id, password: password.slice(0, SCORED_LENGTH) });
    });
  }

  private warnNotScored(why: string): void {
    const now = Date.now();
    if (now - this.warnedAt < WARN_INTERVAL_MS) return;
    this.warnedAt = now;
    this.logger.warn(`Passwords checked against the common-password list only, not scored by zxcvbn: ${why}`);
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        core: require.resolve('@zxcvbn-ts/core'),
        common: require.resolve('@zxcvbn-ts/language-common'),
        en: require.resolve('@zxcvbn-ts/language-en'),
        maxLength: SCORED_LENGTH,
      },
    });
    worker.on('message', (message: { id: number; error?: string } & StrengthVerdict) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error));
      else
        waiting?.resolve({ score: message.score, warning: message.warning, suggestion: message.suggestion });
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password strength worker exited with code ${code}`)));
    // An idle worker must not keep the process (or a test run) alive. After the listeners: adding a 'message'
    // listener references the worker's port again.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Ends the worker; the next scoring starts a new one. */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

export const passwordStrength = new PasswordStrengthWorker();
