import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis/redis.module';
import { LotteryCatalog } from '../catalog/lottery-catalog.service';
import { QuotaService } from '../metering/quota.service';

type Status = 'up' | 'down';

export interface Readiness {
  /** `ok`: all is well; `degraded`: reads are served but a dependency is down; `error`: this instance cannot serve. */
  status: 'ok' | 'degraded' | 'error';
  details: Record<string, { status: Status; message?: string } & Record<string, unknown>>;
}

const DATABASE_PING_TIMEOUT_MS = 1000;
const REDIS_PING_TIMEOUT_MS = 500;

/**
 * Whether this instance can serve, for a load balancer: metered reads need only the in-memory catalog and the
 * counters (PostgreSQL and Redis down are `degraded`: reads go on, from cached credentials and, without Redis,
 * this instance's own counters). Answers within a second whatever is down: Redis by its connection state and a
 * ping with a timeout, PostgreSQL by a ping with a timeout.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: LotteryCatalog,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly quota: QuotaService,
  ) {}

  async check(): Promise<Readiness> {
    // Both pings at once: the answer takes the longer of their timeouts at most, not their sum.
    const [database, redis] = await Promise.all([
      this.pingDatabase(),
      this.redis ? this.pingRedis(this.redis) : undefined,
    ]);
    const details: Readiness['details'] = {
      catalog: { status: this.catalog.loaded ? 'up' : 'down', ...this.catalog.figures() },
      database,
    };
    // Where this instance counts quota units (every instance switches together: see QuotaAuthority).
    if (redis) details.redis = { ...redis, quotas: this.quota.countedIn() };
    const down = Object.values(details).filter((d) => d.status === 'down').length;
    const status = details.catalog.status === 'down' ? 'error' : down ? 'degraded' : 'ok';
    return { status, details };
  }

  /**
   * Down at once when not connected (the client fails commands at once then); when connected, a PING must answer
   * within REDIS_PING_TIMEOUT_MS (a hung Redis keeps its connection "ready").
   */
  private async pingRedis(redis: Redis): Promise<{ status: Status; message?: string }> {
    if (redis.status !== 'ready') return { status: 'down', message: `connection ${redis.status}` };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        redis.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${REDIS_PING_TIMEOUT_MS} ms`)),
            REDIS_PING_TIMEOUT_MS,
          );
        }),
      ]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', message: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  private async pingDatabase(): Promise<{ status: Status; message?: string }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${DATABASE_PING_TIMEOUT_MS} ms`)),
            DATABASE_PING_TIMEOUT_MS,
          );
        }),
      ]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', message: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }
}
