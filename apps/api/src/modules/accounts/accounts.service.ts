import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { Page } from '../../common/pagination/page';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { LicensesService } from '../licenses/licenses.service';
import { Account, AccountRole } from './account.entity';
import { LICENSE_FIELD_MESSAGE } from './dto/update-account.dto';
import { normalizeEmail } from './email';
import { CurrentPasswordCheck } from './current-password-check';
import { PasswordHasher } from './password-hasher.service';
import { isForeignKeyViolation, isUniqueViolation } from '../../common/database/postgres-errors';
import { isUuid } from '../../common/database/uuid';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { Deadline } from '../../common/deadline';
import { transactionWithin } from '../../database/transaction-within';

/** The unique index on accounts.email: a lost race for an address violates it. */
export const EMAIL_INDEX = 'UQ_accounts_email';

export interface NewAccount {
  email: string;
  password: string;
  role: AccountRole;
  /** The license to hold; a name that does not exist gives no license. */
  license: string | null;
  /** False: the address waits for its verification link (see Account.emailVerified). Default true. */
  emailVerified?: boolean;
}

export interface AccountChanges {
  disabled?: boolean;
  /** null removes the license; undefined leaves it. */
  license?: string | null;
  role?: AccountRole;
}

@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly changes: ChangeFeed,
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly licenses: LicensesService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Self-registration: role user, the DEFAULT_LICENSE. With REGISTRATION_VERIFY_EMAIL the account starts unverified
   * and without a license, which it receives when its address is verified (markEmailVerified).
   */
  register(email: string, password: string, deadline = Deadline.NONE): Promise<Account> {
    const verify = this.settings.registrationVerifyEmail;
    return this.create(
      {
        email,
        password,
        role: 'user',
        license: verify ? null : this.settings.defaultLicense,
        emailVerified: !verify,
      },
      deadline,
    );
  }

  /** 409 when the email is taken, including when a concurrent registration wins the race. */
  async create(
    { email, password, role, license, emailVerified = true }: NewAccount,
    deadline = Deadline.NONE,
  ): Promise<Account> {
    email = normalizeEmail(email);
    // Cheap early answer that spares the password hashing; the unique index below is what makes it exact.
    if (await this.accounts.existsBy({ email })) throw ApiError.conflict(Messages.emailTaken);
    const passwordHash = await this.hasher.hash(password);
    let row: { id: string; license_name: string | null };
    try {
      row = await transactionWithin(this.dataSource, deadline, async (manager) => {
        // An account deleted with this e-mail gives its id back, so that its metering records (this month's quota
        // counters in memory, in Redis, in the ledger and in any instance's pending write-back, all keyed by the
        // id) simply continue: deleting and registering again gives no fresh quota. See DeletedAccount.
        const [kept]: { id: string; session_version: number }[] = await manager.query(
          // A SELECT around the DELETE: TypeORM answers a DELETE's rows as [rows, count].
          `WITH kept AS (
             DELETE FROM deleted_accounts
              WHERE id = (SELECT id FROM deleted_accounts WHERE email = $1 ORDER BY deleted_at DESC LIMIT 1)
             RETURNING id, session_version)
           SELECT * FROM kept`,
          [email],
        );
        // The license is looked up in the INSERT itself, so a license deleted meanwhile cannot fail the insert.
        const [created]: { id: string; license_name: string | null }[] = await manager.query(
          `INSERT INTO accounts (id, email, password_hash, role, license_name, session_version, email_verified)
           VALUES (COALESCE($5::uuid, gen_random_uuid()), $1, $2, $3, (SELECT name FROM licenses WHERE name = $4),
                   COALESCE($6::integer, 0), $7)
           RETURNING id, license_name`,
          [
            email,
            passwordHash,
            role,
            license,
            kept?.id ?? null,
            kept?.session_version ?? null,
            emailVerified,
          ],
        );
        // The next session version, so that the deleted account's access tokens stay refused. Made an UPDATE on
        // purpose: the change feed announces it (not an INSERT), so that every instance forgets what it cached of
        // this id meanwhile (a request with an old token remembered "no such account").
        if (kept)
          await manager.query('UPDATE accounts SET session_version = session_version + 1 WHERE id = $1', [
            created.id,
          ]);
        return created;
      });
      // This instance at once (read-your-writes), as every writer does; the others through the feed.
      await this.changes.publish({ type: 'account.changed', accountId: row.id });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw ApiError.conflict(Messages.emailTaken);
      throw error;
    }
    if (license && row.license_name === null) {
      this.logger.warn(
        `License '${license}' does not exist: account ${row.id} was created without a license`,
      );
    }
    return this.getOrFail(row.id);
  }

  /** Creates the configured administrator unless an account with that email exists (which is left as it is). */
  async ensureAdmin(email: string, password: string): Promise<'created' | 'exists'> {
    try {
      await this.create({ email, password, role: 'admin', license: this.settings.defaultLicense });
      return 'created';
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return 'exists';
      throw error;
    }
  }

  /** With its license. A malformed id is simply not found (never a database error). */
  async findById(id: string): Promise<Account | null> {
    if (!isUuid(id)) return null;
    return this.accounts.findOne({ where: { id }, relations: { license: true } });
  }

  async findByEmail(email: string): Promise<Account | null> {
    return this.accounts.findOne({ where: { email: normalizeEmail(email) }, relations: { license: true } });
  }

  /** 404 `Account not found.` when missing. */
  async getOrFail(id: string): Promise<Account> {
    const account = await this.findById(id);
    if (!account) throw ApiError.notFound(Messages.accountNotFound);
    return account;
  }

  /** The signed-in caller's own account; gone, the session is no longer valid (ApiError.callerAccountGone). */
  async getCallerOrFail(id: string): Promise<Account> {
    const account = await this.findById(id);
    if (!account) throw ApiError.callerAccountGone();
    return account;
  }

  /**
   * Inside `manager`'s transaction: the account's address is shown to be its holder's (its verification link, or the
   * link of an e-mail change sent to the new address). The first time, an account without a license receives
   * DEFAULT_LICENSE, which registration held back; a license an administrator gave meanwhile is kept. The caller
   * publishes the change once committed.
   */
  async markEmailVerified(manager: EntityManager, accountId: string): Promise<void> {
    await manager.query(
      `UPDATE accounts
          SET email_verified = true,
              license_name = CASE WHEN email_verified THEN license_name
                                  ELSE COALESCE(license_name, (SELECT name FROM licenses WHERE name = $2)) END
        WHERE id = $1`,
      [accountId, this.settings.defaultLicense],
    );
  }

  /** Stores a new password hash and moves the session version on (older access tokens stop working). */
  async changePassword(id: string, passwordHash: string, deadline = Deadline.NONE): Promise<Account> {
    const result = await transactionWithin(this.dataSource, deadline, (manager) =>
      manager
        .createQueryBuilder()
        .update(Account)
        .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
        .where('id = :id', { id })
        .execute(),
    );
    if (!result.affected) throw ApiError.notFound(Messages.accountNotFound);
    return this.getOrFail(id);
  }

  /** Ordered by creation (then id, so pages are stable); `email` filters on a case-insensitive substring. */
  async list(page: Page, email?: string): Promise<{ items: Account[]; total: number }> {
    const query = this.accounts.createQueryBuilder('account').leftJoinAndSelect('account.license', 'license');
    if (email) query.where(`account.email ILIKE :pattern`, { pattern: `%${escapeLike(email)}%` });
    const total = await query.getCount();
    if (page.limit === 0) return { items: [], total };
    const items = await query
      .orderBy('account.createdAt', 'ASC')
      .addOrderBy('account.id', 'ASC')
      .limit(page.limit)
      .offset(page.offset)
      .getMany();
    return { items, total };
  }

  /**
   * Applies an administrator's changes, then drops the cached snapshot so they hold on the next request. The last
   * enabled administrator cannot be disabled or demoted (409).
   */
  async update(id: string, changes: AccountChanges, deadline = Deadline.NONE): Promise<Account> {
    await this.getOrFail(id);
    const patch: QueryDeepPartialEntity<Account> = {};
    if (changes.disabled !== undefined) patch.disabled = changes.disabled;
    if (changes.role !== undefined) patch.role = changes.role;
    if (changes.license !== undefined) {
      if (changes.license !== null && !(await this.licenses.findByName(changes.license))) {
        throw ApiError.badRequest(LICENSE_FIELD_MESSAGE);
      }
      patch.licenseName = changes.license;
    }
    if (Object.keys(patch).length) {
      try {
        await transactionWithin(this.dataSource, deadline, async (manager) => {
          if (changes.disabled === true || changes.role === 'user') await keepAnEnabledAdmin(manager, id);
          await manager.update(Account, { id }, patch);
        });
      } catch (error) {
        // The license was deleted between the check and the update.
        if (isForeignKeyViolation(error)) throw ApiError.badRequest(LICENSE_FIELD_MESSAGE);
        throw error;
      }
    }
    await this.changes.publish({ type: 'account.changed', accountId: id });
    return this.getOrFail(id);
  }

  /**
   * The account holder's own deletion: the current password confirms it (400 naming `password` when it is missing
   * or wrong, so a stolen session alone cannot erase the account and its history).
   */
  async removeWithPassword(id: string, password: string, deadline = Deadline.NONE): Promise<void> {
    await this.currentPassword.verify(
      await this.getCallerOrFail(id),
      password,
      Messages.profilePasswordWrong,
    );
    await this.remove(id, deadline);
  }

  /**
   * Deletes the account with its tokens, reset links and webhook subscriptions (FK cascade), then revokes every
   * cached token at once. Its metering records stay, with its e-mail in deleted_accounts (see DeletedAccount).
   * The last enabled administrator cannot be deleted (409). The account row is locked before its tokens are read,
   * so no token can be created for it in between and escape the revocation.
   */
  async remove(id: string, deadline = Deadline.NONE): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound(Messages.accountNotFound);
    const secretHashes = await transactionWithin(this.dataSource, deadline, async (manager) => {
      await keepAnEnabledAdmin(manager, id);
      const [account]: { email: string; session_version: number }[] = await manager.query(
        'SELECT email, session_version FROM accounts WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!account) throw ApiError.notFound(Messages.accountNotFound);
      const tokens: { secret_hash: string }[] = await manager.query(
        'SELECT secret_hash FROM api_tokens WHERE account_id = $1',
        [id],
      );
      await manager.query(
        `INSERT INTO deleted_accounts (id, email, session_version) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE
            SET email = EXCLUDED.email, session_version = EXCLUDED.session_version, deleted_at = now()`,
        [id, account.email, account.session_version],
      );
      await manager.query('DELETE FROM accounts WHERE id = $1', [id]);
      return tokens.map((t) => t.secret_hash);
    });
    await this.changes.publish({ type: 'token.changed', secretHashes });
    await this.changes.publish({ type: 'account.changed', accountId: id });
  }
}

/**
 * Inside the transaction that disables, demotes or deletes `accountId`, before it does: refuses (409) when that
 * account is the only enabled administrator left, so that the service always keeps one who can administer it. The
 * enabled administrators' rows are locked, always before any other account row and in one order, so that two of
 * them leaving at once are decided one after the other (the second sees the first gone) and never deadlock.
 */
async function keepAnEnabledAdmin(manager: EntityManager, accountId: string): Promise<void> {
  const admins: { id: string }[] = await manager.query(
    `SELECT id FROM accounts WHERE role = 'admin' AND NOT disabled ORDER BY id FOR UPDATE`,
  );
  if (admins.length === 1 && admins[0].id === accountId) throw ApiError.conflict(Messages.lastEnabledAdmin);
}

/** `%`, `_` and `\` in the search text match themselves, not as LIKE wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
