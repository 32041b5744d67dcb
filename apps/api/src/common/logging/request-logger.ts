import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * Fastify's `request.log`, made lazily. Fastify gives every request a child logger bound to its id; pino builds a
 * child by copying its bindings and serializers, which costs more than the rest of a metered read's own code, and
 * most requests never log a line (the access line is written once, by the access logger below). This stands in
 * for the child and makes the real one the first time the request logs at an enabled level.
 */
class LazyRequestLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.options.level || this.parent.level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  isLevelEnabled(level: string): boolean {
    return this.options.level
      ? (this.real() as Logger).isLevelEnabled(level)
      : this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.options.level && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }
}

/** Fastify's `childLoggerFactory` option: request loggers made only when used. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // The parent is the process's pino logger (createRootLogger), which Fastify types as its base logger.
  return new LazyRequestLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/**
 * The logger of the access lines: the root logger without its redaction, which an access line does not need (it
 * is written from named fields, never from headers or bodies) and which costs about a quarter of each line.
 */
export function accessLogger(root: Logger): Logger {
  return root.child({}, { redact: [] });
}
