import pino, { DestinationStream, Logger, LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';

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
 * id) and so does Nest (nestjs-pino). `json` writes asynchronously (sonic-boom) so that a request never waits on
 * stdout; `pretty` is readable text for a person watching the embedded demo.
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
  if (format === 'pretty')
    return pino(
      options,
      pretty({
        colorize: Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
        singleLine: true,
        sync: true,
      }),
    );
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
