import type { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import type { RuleEra } from './domain/lottery-rules';

/**
 * Reads a lottery's rules inside a write transaction and locks its row: draw writes take a share lock and rule
 * changes an exclusive one, so a draw can never be stored against rules that are being replaced under it.
 * Runs on the transaction's own manager (the embedded engine deadlocks on a second connection).
 */
export async function lockLotteryRules(
  manager: EntityManager,
  tag: string,
  mode: 'share' | 'update',
): Promise<RuleEra[]> {
  const rows = await manager.query<{ rules: RuleEra[] }[]>(
    `SELECT rules FROM lotteries WHERE tag = $1 FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
    [tag],
  );
  if (rows.length === 0) throw ApiError.notFound(Messages.lotteryNotFound);
  return rows[0].rules;
}
