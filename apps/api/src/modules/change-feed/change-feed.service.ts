import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client, type Notification, type Pool, type PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine } from '../../database/database-tokens';
import {
  CHANGE_CHANNEL,
  parseChangeEvent,
  type ChangeEvent,
  type ChangeEventMap,
  type ChangeEventType,
} from './change-events';

/** A subscriber; one that returns a promise (a rebuild) is awaited by `publish`, never by the feed. */
type Handler<T extends ChangeEventType> = (event: { type: T } & ChangeEventMap[T]) => void | Promise<void>;

const MAX_BACKOFF_MS = 30_000;

/**
 * The one way every in-memory cache learns that the rows it holds changed: database triggers announce each
 * committed change (see change-events.ts) and this feed hands it to the caches that subscribed with `on`. Nobody
 * has to remember a broadcast: whoever writes, by whatever path, the trigger speaks.
 *
 * A writer of this process also `publish`es the same event after its commit and awaits it: its own instance's
 * caches have followed before it answers (read-your-writes), while the trigger's notification arrives a moment
 * later. Writers never name the caches that hold what they changed; the caches name the events they follow.
 *
 * - On a PostgreSQL server, a connection of its own LISTENs and hears every instance's writes. After a lost
 *   connection it reconnects with back-off and emits `feed.resumed`, since what was announced meanwhile is gone.
 * - On the embedded engine there is one process and PGlite has one session, whose notifications reach the
 *   connection that wrote: each of the pool's connections LISTENs and is listened to.
 */
@Injectable()
export class ChangeFeed implements OnApplicationShutdown {
  private readonly logger = new Logger(ChangeFeed.name);
  private readonly handlers = new Map<ChangeEventType, Set<Handler<never>>>();
  private listener?: Client;
  private readonly hooked = new WeakSet<PoolClient>();
  private started = false;
  private stopped = false;
  private backoffMs = 100;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(DATABASE_ENGINE) private readonly engine: DatabaseEngine,
  ) {}

  /** Calls `handler` with every event of `type`; returns the way to stop. */
  on<T extends ChangeEventType>(type: T, handler: Handler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  /** Starts hearing changes; called before the caches first load, so that no change can fall in between. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (this.engine === 'server') await this.listen();
    else this.hookPool();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.listener?.end().catch(() => undefined);
  }

  /**
   * A writer's committed change, announced to this instance's caches at once: resolves when every subscriber has
   * followed (a rebuilt lottery, a forgotten token). It never rejects: the write is committed whatever a cache
   * does, and a cache that failed has logged it and retries on its own (the catalog) or loads on its next miss.
   */
  async publish(event: ChangeEvent): Promise<void> {
    await Promise.all(this.deliver(event));
  }

  /** Hands a notification to the subscribers without waiting for them (also how `feed.resumed` is announced). */
  emit(event: ChangeEvent): void {
    void Promise.all(this.deliver(event));
  }

  /** Calls each subscriber of the event; a failure, thrown or rejected, is logged and never reaches the caller. */
  private deliver(event: ChangeEvent): Promise<void>[] {
    const fail = (error: unknown) =>
      this.logger.error(`A ${event.type} handler failed: ${(error as Error).message}`);
    return [...(this.handlers.get(event.type) ?? [])].map(async (handler) => {
      try {
        await (handler as Handler<typeof event.type>)(event as never);
      } catch (error) {
        fail(error);
      }
    });
  }

  private readonly onNotification = ({ channel, payload }: Notification): void => {
    if (channel !== CHANGE_CHANNEL) return;
    const event = parseChangeEvent(payload);
    if (event) this.emit(event);
    else this.logger.warn(`Ignored an unknown change notification: ${payload?.slice(0, 200)}`);
  };

  /** Embedded engine: every pool connection, the one made before start included, LISTENs when first handed out. */
  private hookPool(): void {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    pool.on('acquire', (client) => {
      if (this.hooked.has(client)) return;
      this.hooked.add(client);
      client.on('notification', this.onNotification);
      // Queued before the borrower's first query; the session (and so the LISTEN) is new after an engine restart.
      client.query(`LISTEN ${CHANGE_CHANNEL}`).catch((error: Error) => {
        this.logger.error(`Could not listen for changes: ${error.message}`);
      });
    });
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    client.on('notification', this.onNotification);
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
    this.listener = client;
  }

  private lost(client: Client, error?: Error): void {
    if (this.stopped || this.listener !== client) return;
    this.listener = undefined;
    this.logger.warn(`Change notifications lost (${error?.message ?? 'connection ended'}); reconnecting`);
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    setTimeout(() => {
      if (this.stopped) return;
      this.listen()
        .then(() => {
          this.backoffMs = 100;
          this.logger.log('Change notifications restored; caches reload what they hold');
          this.emit({ type: 'feed.resumed' });
        })
        .catch((error: Error) => {
          this.logger.warn(`Change notifications: ${error.message}`);
          this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
          this.reconnectLater();
        });
    }, this.backoffMs).unref();
  }
}
