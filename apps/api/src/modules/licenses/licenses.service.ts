import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { Page } from '../../common/pagination/page';
import { License } from './license.entity';
import { isLicenseName } from './license-name';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

export type LicenseLimitsInput = Pick<License, 'monthlyQuota' | 'perSecond' | 'perMinute' | 'perHour'>;

@Injectable()
export class LicensesService {
  constructor(
    private readonly changes: ChangeFeed,
    @InjectRepository(License) private readonly licenses: Repository<License>,
    private readonly dataSource: DataSource,
  ) {}

  /** A page of licenses ordered by name; the list query is skipped for limit=0. */
  async list(page: Page): Promise<{ items: License[]; total: number }> {
    const total = await this.licenses.count();
    const items =
      page.limit === 0
        ? []
        : await this.licenses.find({ order: { name: 'ASC' }, take: page.limit, skip: page.offset });
    return { items, total };
  }

  async findByName(name: string): Promise<License | null> {
    return isLicenseName(name) ? this.licenses.findOneBy({ name }) : null;
  }

  /**
   * Creates a license; 409 when the name is taken (replacing one is the explicit PUT). Each write here is a
   * transaction that ends with the request (`deadline`): one given up on (408, 503) has no effect afterwards.
   */
  async create(name: string, limits: LicenseLimitsInput, deadline: Deadline): Promise<License> {
    const inserted = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.query<unknown[]>(
        `INSERT INTO licenses (name, monthly_quota, per_second, per_minute, per_hour) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO NOTHING RETURNING name`,
        [name, limits.monthlyQuota, limits.perSecond, limits.perMinute, limits.perHour],
      ),
    );
    if (inserted.length === 0) throw ApiError.conflict(Messages.licenseExists);
    return this.licenses.findOneByOrFail({ name });
  }

  /**
   * Creates or replaces a license in one statement (no read-then-write race between two administrators).
   * Every account holding it is affected, so every cached account snapshot is dropped.
   */
  async put(name: string, limits: LicenseLimitsInput, deadline: Deadline): Promise<License> {
    await transactionWithin(this.dataSource, deadline, (manager) =>
      manager.query(
        `INSERT INTO licenses (name, monthly_quota, per_second, per_minute, per_hour) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name) DO UPDATE SET monthly_quota = EXCLUDED.monthly_quota, per_second = EXCLUDED.per_second,
           per_minute = EXCLUDED.per_minute, per_hour = EXCLUDED.per_hour, updated_at = now()`,
        [name, limits.monthlyQuota, limits.perSecond, limits.perMinute, limits.perHour],
      ),
    );
    await this.changes.publish({ type: 'license.changed', name });
    return this.licenses.findOneByOrFail({ name });
  }

  /** Accounts holding the license lose it (FK ON DELETE SET NULL): their metered calls get the no-license 403. */
  async remove(name: string, deadline: Deadline): Promise<void> {
    const result = isLicenseName(name)
      ? await transactionWithin(this.dataSource, deadline, (manager) => manager.delete(License, { name }))
      : { affected: 0 };
    if (!result.affected) throw ApiError.notFound(Messages.licenseNotFound);
    await this.changes.publish({ type: 'license.changed', name });
  }
}
