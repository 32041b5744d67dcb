import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiToken } from '../tokens/api-token.entity';

/**
 * Charged requests per token and UTC day, for the per-token usage views. Deleting a token deletes its rows; the
 * account's totals in usage_daily keep them.
 */
@Entity({ name: 'token_usage_daily' })
export class TokenUsageDaily {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ name: 'token_id', type: 'varchar', length: 64 })
  tokenId!: string;

  /** UTC calendar day, 'YYYY-MM-DD'. */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'integer', default: 0 })
  count!: number;

  /** Of `count`, the requests answered with a client error (4xx). */
  @Column({ type: 'integer', default: 0 })
  errors!: number;

  @ManyToOne(() => ApiToken, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'account_id', referencedColumnName: 'accountId' },
    { name: 'token_id', referencedColumnName: 'id' },
  ])
  token?: ApiToken;
}
