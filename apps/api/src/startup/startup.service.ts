import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SETTINGS } from '../config/settings.module';
import type { Settings } from '../config/settings';
import { runMigrations } from '../database/migrate';
import { seedLicenses } from './seed-licenses';

export interface StartupReport {
  migrationsApplied: string[];
}

/** Brings the database to a usable state at start-up: migrations, seeded licenses, accounts and data. */
@Injectable()
export class StartupService {
  private readonly logger = new Logger('Startup');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  async prepare(): Promise<StartupReport> {
    const migrationsApplied = await runMigrations(this.dataSource);
    if (migrationsApplied.length) this.logger.log(`Applied migrations: ${migrationsApplied.join(', ')}`);
    await seedLicenses(this.dataSource.manager);
    return { migrationsApplied };
  }
}
