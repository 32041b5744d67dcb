import type { EventEmitter } from 'node:events';
import type { DestinationStream } from 'pino';

/** pino's worker stream (thread-stream): `write` answers false once its backlog fills the shared buffer. */
export interface WorkerStream extends EventEmitter {
  write(line: string): boolean;
  flush(callback: (error?: Error) => void): void;
}

/** Lines pino wrote at info, debug or trace (its level is the first field): the ones that may be dropped. */
const BELOW_WARN = /^\{"level":(?:10|20|30)[,}]/;

/**
 * Where the pretty log goes: pino's worker, with a bounded backlog. pino's worker stream keeps every line it is
 * given until the worker takes it, so when requests come faster than the worker formats their access lines (pretty
 * text costs ≈ 10 µs a line), the backlog grew without bound: 250 MB of pending lines after a minute of 14,000
 * requests a second. Once the worker's buffer is full, info lines are dropped until it drains; warnings and errors
 * always pass; `onDropped` is told how many were dropped, once it has drained. LOG_FORMAT=json writes every line.
 */
export function boundedDestination(
  worker: WorkerStream,
  onDropped: (count: number) => void,
): DestinationStream & { flush(callback: (error?: Error) => void): void } {
  let full = false;
  let dropped = 0;
  worker.on('drain', () => {
    full = false;
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    onDropped(count);
  });
  return {
    write(line: string) {
      if (full && BELOW_WARN.test(line)) {
        dropped++;
        return;
      }
      if (!worker.write(line)) full = true;
    },
    flush: (callback) => worker.flush(callback),
  };
}
