import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { SETTINGS } from '../config/settings.module';
import type { Settings } from '../config/settings';
import { ChangeFeed } from '../modules/change-feed/change-feed.service';
import { DATABASE_ENGINE, type DatabaseEngine } from '../database/database.module';
import { runMigrations } from '../database/migrate';
import { QueryBounds } from '../database/bounded-client';
import { AccountsService } from '../modules/accounts/accounts.service';
import { DemoAccountService, DemoCredentials } from '../modules/accounts/demo-account.service';
import { BundledDataService, BundledLoadReport } from '../modules/draws/bundled-data.service';
import { LotteryCatalog } from '../modules/catalog/lottery-catalog.service';
import { seedLicenses } from './seed-licenses';
import { CredentialsCache } from '../modules/credentials/credentials-cache.service';
import { QuotaService } from '../modules/metering/quota.service';
import { SyncScheduler } from '../modules/ingestion/sync-scheduler.service';
import { WebhookDeliveryWorker } from '../modules/webhooks/webhook-delivery.worker';
import { ChangesRetention } from '../modules/changes/changes-retention';

export interface StartupReport {
  migrationsApplied: string[];
  admin: { email: string; outcome: 'created' | 'exists' } | null;
  bundledData: BundledLoadReport | null;
  /** Set only when the demo account was created by this start: its secrets are shown once. */
  demo: DemoCredentials | null;
  demoExists: boolean;
}

/**
 * Brings the service to a usable state at start-up: migrations, seeded licenses, accounts and data, then the
 * in-memory catalog the metered reads are answered from, the tokens used lately with their accounts and month
 * counters, and a first run of the lookups a metered read may make (before the server listens: no warm-up).
 */
@Injectable()
export class StartupService {
  private readonly logger = new Logger('Startup');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly accounts: AccountsService,
    private readonly demoAccount: DemoAccountService,
    private readonly bundledData: BundledDataService,
    private readonly catalog: LotteryCatalog,
    private readonly changes: ChangeFeed,
    @Inject(DATABASE_ENGINE) private readonly engine: DatabaseEngine,
    private readonly credentials: CredentialsCache,
    private readonly quota: QuotaService,
    private readonly clock: Clock,
    private readonly webhookDeliveries: WebhookDeliveryWorker,
    private readonly changesRetention: ChangesRetention,
    private readonly syncScheduler: SyncScheduler,
    private readonly queryBounds: QueryBounds,
  ) {}

  /**
   * @param afterBulkLoad run once the bundled data was loaded by this start (bootstrap restarts the embedded
   *   engine there, to give back the memory the load made it take).
   */
  async prepare(afterBulkLoad?: () => Promise<void>): Promise<StartupReport> {
    const migrationsApplied = await runMigrations(this.dataSource, { lock: this.engine === 'server' });
    if (migrationsApplied.length) this.logger.log(`Applied migrations: ${migrationsApplied.join(', ')}`);
    await seedLicenses(this.dataSource.manager);

    const { adminEmail, adminPassword } = this.settings;
    const admin =
      adminEmail && adminPassword
        ? { email: adminEmail, outcome: await this.accounts.ensureAdmin(adminEmail, adminPassword) }
        : null;
    const bundledData = this.settings.loadBundledData ? await this.bundledData.loadNew() : null;
    if (bundledData && afterBulkLoad) await afterBulkLoad();
    // A database loaded before prizes were bundled gets them once (loadNew stored those of what it loaded).
    if (this.settings.loadBundledData && !bundledData) await this.bundledData.loadPrizes();
    const demo = this.settings.createDemoAccount ? await this.demoAccount.ensureDemo() : null;
    // Listen first, then load the caches: a change made in between is announced and applied, never missed.
    await this.changes.start();
    await this.catalog.loadAll();
    const warming = Date.now();
    const warmAccounts = await this.credentials.warmUp(this.clock.now());
    await this.quota.warmUp(warmAccounts);
    // Background work starts on a database that is ready (and no longer restarted).
    this.webhookDeliveries.start();
    this.changesRetention.start();
    this.syncScheduler.start();
    // From here on every query is bounded (start-up's migrations and bulk loads may take longer).
    this.queryBounds.enforce();
    const { knownTokens } = this.credentials.sizes();
    if (knownTokens)
      this.logger.log(
        `Loaded ${knownTokens} tokens used in the last day and their accounts' usage (${Date.now() - warming} ms)`,
      );
    return {
      migrationsApplied,
      admin,
      bundledData,
      demo,
      demoExists: this.settings.createDemoAccount && !demo,
    };
  }
}
