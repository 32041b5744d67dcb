import type { DataSource, EntityManager } from 'typeorm';
import type { Deadline } from '../common/deadline';
import { asBoundedClient } from './bounded-client';

/**
 * `dataSource.transaction(work)` that ends with its deadline: it does not start once the deadline has passed, its
 * connection is cut the moment the asker gives up (a 408 or a 503 sent: the transaction rolls back and nothing
 * it queued is sent), it does not commit past the deadline, and the server refuses a commit that arrives after it
 * (bounded-client.ts).
 */
export async function transactionWithin<T>(
  dataSource: DataSource,
  deadline: Deadline,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  deadline.throwIfGivenUp();
  const runner = dataSource.createQueryRunner();
  const client = asBoundedClient(await runner.connect());
  const stop = () => client?.abandon();
  deadline.signal?.addEventListener('abort', stop, { once: true });
  client?.withinDeadline(deadline.at);
  try {
    await runner.startTransaction();
    const result = await work(runner.manager);
    deadline.throwIfGivenUp();
    await runner.commitTransaction();
    return result;
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    deadline.signal?.removeEventListener('abort', stop);
    client?.withinDeadline(Number.POSITIVE_INFINITY);
    await runner.release();
  }
}
