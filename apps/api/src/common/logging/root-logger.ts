import pino, { DestinationStream, Logger, LevelWithSilent } from 'pino';
import { boundedDestination, type WorkerStream } from './bounded-destination';

export type LogFormat = 'json' | 'pretty';
/** Nest's level names (the LOG_LEVEL setting) and pino's. */
const PINO_LEVELS: Record<string, LevelWithSilent> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Fields that may hold a secret, should anything ever log a request's headers or body. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers["x-api-token"]',
  'req.headers.cookie',
  'password',
  'token',
  '*.password',
  '*.token',
];

/**
 * The one pino logger of the process: Fastify logs through it (each request gets a child bound to its request
 * id) and so does Nest (nestjs-pino). Nothing slow runs in a request's thread: `json` lines are written
 * asynchronously (sonic-boom) so that a request never waits on stdout; `pretty` lines (readable text for a person
 * watching the embedded demo) are formatted and written by pino-pretty in pino's worker thread (a transport):
 * formatting them here halved what the service served. Both backlogs are bounded, so that a reader slower than
 * the requests costs lines, not memory: the worker's by bounded-destination.ts, stdout's at 16 MB (sonic-boom's
 * maxLength). flushLogs() waits for both at shutdown.
 */
export function createRootLogger(
  level: string,
  format: LogFormat,
  /** Where to write instead of stdout (tests read the lines). */
  destination?: DestinationStream,
): Logger {
  const options = {
    level: PINO_LEVELS[level] ?? 'info',
    redact: { paths: REDACTED, censor: '[redacted]' },
    base: { pid: process.pid },
  };
  if (destination) return pino(options, destination);
  if (format === 'pretty') {
    const worker = pino.transport({
      target: 'pino-pretty',
      options: {
        colorize: Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
        singleLine: true,
        // Synchronous in the worker (it holds up no request), so that a flushed line is a written line.
        sync: true,
      },
    }) as unknown as WorkerStream;
    const logger: Logger = pino(
      options,
      boundedDestination(worker, (count) =>
        logger.warn(
          `${count} log lines below warn were dropped: the log worker fell behind (LOG_FORMAT=json keeps every line)`,
        ),
      ),
    );
    return logger;
  }
  return pino(options, pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 }));
}

/** Resolves once every line logged so far is written (the worker has formatted it, or stdout has taken it). */
export function flushLogs(logger: Logger): Promise<void> {
  return new Promise((resolve) => logger.flush(() => resolve()));
}
