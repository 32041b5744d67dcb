import type { LoggerService } from '@nestjs/common';
import { EventEmitter, once } from 'node:events';
import pino, { type Logger as PinoLogger } from 'pino';
import { flushLogs } from '../common/logging/root-logger';

/**
 * Nest's own start-up chatter: a line per module ("… dependencies initialized"), per controller and per route
 * ("Mapped {/path, GET} route"), about 150 lines on every start. At info level they buried the lines an operator
 * needs (the welcome banner with the demo account's one-time secrets), so they are logged at debug level:
 * LOG_LEVEL=debug still shows them.
 */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The application's logger, with Nest's start-up chatter moved from info to debug level. */
export class QuietBootLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...params: unknown[]): void {
    // Nest's Logger passes its context as the last parameter.
    const context = params[params.length - 1];
    if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) this.debug(message, ...params);
    else this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.inner.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.inner.fatal?.(message, ...params);
  }
}

/**
 * Resolves once every line logged so far is on stdout, so that what main.ts prints next (the welcome banner)
 * comes after it. flushLogs() is enough for the `pretty` transport (its worker answers once it has written), but
 * for the `json` destination (sonic-boom, minLength 0) its flush "does nothing" while a write may still be under
 * way: that write, and those queued behind it, end with a 'drain' event. `_writing` is sonic-boom's own flag; the
 * first-start test sees the banner after the boot lines, so a change there would not go unnoticed.
 */
export async function logsWritten(logger: PinoLogger): Promise<void> {
  await flushLogs(logger);
  const stream = (logger as unknown as Record<symbol, EventEmitter & { _writing?: boolean }>)[
    pino.symbols.streamSym
  ];
  if (stream._writing) await once(stream, 'drain');
}
