import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { Page } from '../../common/pagination/page';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { generateTokenSecret, hashTokenSecret, tokenDisplayPrefix } from '../credentials/token-secret';
import { isUniqueViolation } from '../../common/database/postgres-errors';
import { ApiToken } from './api-token.entity';
import { DESCRIPTION_MESSAGE, DESCRIPTION_PATTERN, isTokenId, TOKEN_ID_MESSAGE } from './token-fields';
import { EXPIRES_AT_MESSAGE } from './dto/create-token.dto';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { transactionWithin } from '../../database/transaction-within';
import { Deadline } from '../../common/deadline';

export interface NewToken {
  id: string;
  description?: string | null;
  /** ISO 8601 date-time (validated as such by the DTO); must be in the future. */
  expiresAt?: string;
}

/** A token's editable fields: undefined leaves one as it is, null clears it. */
export interface TokenChanges {
  description?: string | null;
  /** ISO 8601 date-time (validated as such by the DTO); must be in the future. */
  expiresAt?: string | null;
}

/** Blank descriptions are stored as "no description". */
function normalizeDescription(description: string | null | undefined): string | null {
  const text = description?.trim();
  return text ? text : null;
}

/** An account's API tokens. Every lookup is scoped to the account: another account's token is "not found". */
@Injectable()
export class TokensService {
  constructor(
    private readonly changes: ChangeFeed,
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    private readonly dataSource: DataSource,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Ordered by creation, then id (stable pages); the list query is skipped for limit=0. */
  /** How many tokens the account holds. */
  count(accountId: string): Promise<number> {
    return this.tokens.countBy({ accountId });
  }

  async list(accountId: string, page: Page): Promise<{ items: ApiToken[]; total: number }> {
    const total = await this.tokens.countBy({ accountId });
    const items =
      page.limit === 0
        ? []
        : await this.tokens.find({
            where: { accountId },
            order: { createdAt: 'ASC', id: 'ASC' },
            take: page.limit,
            skip: page.offset,
          });
    return { items, total };
  }

  /**
   * Creates a token and returns its secret, which is not stored and cannot be shown again.
   * Checks in the contract's order: empty id, id taken, maximum reached. The account row is locked for the
   * transaction, so concurrent creations for one account are serialised and cannot exceed the maximum.
   */
  async create(
    accountId: string,
    input: NewToken,
    deadline = Deadline.NONE,
  ): Promise<{ token: ApiToken; secret: string }> {
    const id = input.id.trim();
    if (!id) throw ApiError.badRequest(Messages.tokenIdEmpty);
    if (!isTokenId(id)) throw ApiError.badRequest(TOKEN_ID_MESSAGE);
    const description = normalizeDescription(input.description);
    if (description !== null && !DESCRIPTION_PATTERN.test(description))
      throw ApiError.badRequest(DESCRIPTION_MESSAGE);
    const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
    if (expiresAt && !(expiresAt.getTime() > Date.now())) throw ApiError.badRequest(EXPIRES_AT_MESSAGE);

    const secret = generateTokenSecret();
    try {
      const token = await transactionWithin(this.dataSource, deadline, async (manager) => {
        const owner: unknown[] = await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [
          accountId,
        ]);
        if (owner.length === 0) throw ApiError.callerAccountGone();
        if (await manager.existsBy(ApiToken, { accountId, id }))
          throw ApiError.badRequest(Messages.tokenIdTaken);
        const count = await manager.countBy(ApiToken, { accountId });
        if (count >= this.settings.maxTokensPerAccount) throw ApiError.badRequest(Messages.tokenLimitReached);
        const created = manager.create(ApiToken, {
          accountId,
          id,
          description,
          prefix: tokenDisplayPrefix(secret),
          secretHash: hashTokenSecret(secret),
          lastUsedAt: null,
          expiresAt,
          previousSecretHash: null,
          previousSecretExpiresAt: null,
        });
        await manager.insert(ApiToken, created);
        return created;
      });
      return { token, secret };
    } catch (error) {
      // The lock makes the existence check exact; the primary key is the last word should it ever be bypassed.
      // (A clash of the secret's hash, the other unique key, is out of reach with ~190 random bits.)
      if (isUniqueViolation(error)) throw ApiError.badRequest(Messages.tokenIdTaken);
      throw error;
    }
  }

  /**
   * Replaces the token's secret in one transaction, keeping its id, description, creation date, expiry and usage;
   * returns the new secret (shown once). The old secret keeps working for `graceSeconds` (0: stops at once), on
   * every instance: cached lookups of the replaced secrets are dropped, so the next request re-reads its grace end.
   * A secret replaced by an earlier roll stops at once (and is then unknown).
   */
  async roll(
    accountId: string,
    id: string,
    graceSeconds = 0,
    deadline = Deadline.NONE,
  ): Promise<{ token: ApiToken; secret: string }> {
    if (!isTokenId(id)) throw ApiError.notFound(Messages.tokenNotFound);
    const secret = generateTokenSecret();
    const { token, replaced } = await transactionWithin(this.dataSource, deadline, async (manager) => {
      const current = await manager.findOne(ApiToken, {
        where: { accountId, id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!current) throw ApiError.notFound(Messages.tokenNotFound);
      const replaced = [current.secretHash, current.previousSecretHash].filter((h): h is string => !!h);
      const [{ now }] = (await manager.query('SELECT now() AS now')) as { now: Date }[];
      // The replaced secret is kept (its hash) even without grace, so that using it is told "revoked" (a 401 with
      // WWW-Authenticate) rather than taken for a made-up one; the secret an earlier roll replaced is forgotten.
      const changes = {
        prefix: tokenDisplayPrefix(secret),
        secretHash: hashTokenSecret(secret),
        previousSecretHash: current.secretHash,
        previousSecretExpiresAt: new Date(new Date(now).getTime() + graceSeconds * 1000),
      };
      await manager.update(ApiToken, { accountId, id }, changes);
      // Without grace the answer names no grace end (the database's clock may be a little ahead of this one).
      const answered = graceSeconds > 0 ? changes : { ...changes, previousSecretExpiresAt: null };
      return { token: Object.assign(current, answered), replaced };
    });
    await this.changes.publish({ type: 'token.changed', secretHashes: replaced });
    return { token, secret };
  }

  /** 404 `Token not found.` unless the account owns a token with this id. */
  async get(accountId: string, id: string): Promise<ApiToken> {
    const token = isTokenId(id) ? await this.tokens.findOneBy({ accountId, id }) : null;
    if (!token) throw ApiError.notFound(Messages.tokenNotFound);
    return token;
  }

  /**
   * Changes the description and/or the expiry (undefined: unchanged; null: none). A new expiry must be in the
   * future. The credentials cache holds each secret's expiry, so a changed expiry is published on the change feed
   * (every instance looks the secret up again) after the write.
   */
  async update(
    accountId: string,
    id: string,
    changes: TokenChanges,
    deadline = Deadline.NONE,
  ): Promise<ApiToken> {
    const values: Partial<Pick<ApiToken, 'description' | 'expiresAt'>> = {};
    if (changes.description !== undefined) values.description = normalizeDescription(changes.description);
    if (changes.expiresAt !== undefined) {
      const expiresAt = changes.expiresAt === null ? null : new Date(changes.expiresAt);
      if (expiresAt && !(expiresAt.getTime() > Date.now())) throw ApiError.badRequest(EXPIRES_AT_MESSAGE);
      values.expiresAt = expiresAt;
    }
    if (!isTokenId(id)) throw ApiError.notFound(Messages.tokenNotFound);
    const result = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager
        .createQueryBuilder()
        .update(ApiToken)
        .set(values)
        .where('account_id = :accountId AND id = :id', { accountId, id })
        .returning('secret_hash, previous_secret_hash')
        .execute(),
    );
    const updated = result.raw as { secret_hash: string; previous_secret_hash: string | null }[];
    if (updated.length === 0) throw ApiError.notFound(Messages.tokenNotFound);
    if ('expiresAt' in values) {
      const secretHashes = updated.flatMap((row) =>
        row.previous_secret_hash ? [row.secret_hash, row.previous_secret_hash] : [row.secret_hash],
      );
      await this.changes.publish({ type: 'token.changed', secretHashes });
    }
    return this.get(accountId, id);
  }

  /** Deletes the token and drops its cached owner on every instance, so the secret stops working at once. */
  async remove(accountId: string, id: string, deadline = Deadline.NONE): Promise<void> {
    if (!isTokenId(id)) throw ApiError.notFound(Messages.tokenNotFound);
    const result = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager
        .createQueryBuilder()
        .delete()
        .from(ApiToken)
        .where('account_id = :accountId AND id = :id', { accountId, id })
        .returning('secret_hash, previous_secret_hash')
        .execute(),
    );
    const deleted = result.raw as { secret_hash: string; previous_secret_hash: string | null }[];
    if (deleted.length === 0) throw ApiError.notFound(Messages.tokenNotFound);
    const hashes = deleted.flatMap((row) =>
      row.previous_secret_hash ? [row.secret_hash, row.previous_secret_hash] : [row.secret_hash],
    );
    await this.changes.publish({ type: 'token.changed', secretHashes: hashes });
  }
}
