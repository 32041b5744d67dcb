import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DATABASE_ENGINE, DATABASE_URL, type DatabaseEngine } from '../../../database/database.module';
import { LotteryCatalog } from './lottery-catalog.service';

/** The channel the catalog triggers notify (migration CatalogChangeNotifications): the payload is the tag. */
export const CATALOG_CHANNEL = 'lrs_catalog';
const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps every instance's catalog current on a PostgreSQL server: triggers on `lotteries` and `draws` notify the
 * changed tag in the writing transaction, whoever writes (another instance, the command-line tool, an operator's
 * SQL), and each instance LISTENs on a connection of its own and rebuilds that lottery. After a lost connection it
 * reconnects with back-off and reloads everything, since notifications sent meanwhile are gone.
 * (The embedded engine has one process only: its writers rebuild the catalog themselves.)
 */
@Injectable()
export class CatalogSync implements OnApplicationShutdown {
  private readonly logger = new Logger(CatalogSync.name);
  private client?: Client;
  private stopped = false;
  private backoffMs = 100;

  constructor(
    @Inject(DATABASE_URL) private readonly url: string,
    @Inject(DATABASE_ENGINE) private readonly engine: DatabaseEngine,
    private readonly catalog: LotteryCatalog,
  ) {}

  /** Starts listening; called before the catalog's first load, so that no change can fall in between. */
  async start(): Promise<void> {
    if (this.engine !== 'server') return;
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    client.on('notification', ({ payload }) => {
      if (payload) void this.catalog.reload(payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    this.client = client;
  }

  private lost(client: Client, error?: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.logger.warn(`Catalog notifications lost (${error?.message ?? 'connection ended'}); reconnecting`);
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    setTimeout(() => {
      if (this.stopped) return;
      this.listen()
        .then(() => {
          this.backoffMs = 100;
          this.logger.log('Catalog notifications restored; reloading the catalog');
          return this.catalog.loadAll();
        })
        .catch((error: Error) => {
          this.logger.warn(`Catalog notifications: ${error.message}`);
          this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
          this.reconnectLater();
        });
    }, this.backoffMs).unref();
  }
}
