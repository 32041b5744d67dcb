import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { Page } from '../../common/pagination/page';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { CredentialsCache } from '../credentials/credentials-cache.service';
import { LicensesService } from '../licenses/licenses.service';
import { Account, AccountRole } from './account.entity';
import { LICENSE_FIELD_MESSAGE } from './dto/update-account.dto';
import { normalizeEmail } from './email';
import { PasswordHasher } from './password-hasher.service';
import { isForeignKeyViolation, isUniqueViolation } from '../../common/database/postgres-errors';
import { isUuid } from '../../common/database/uuid';

const EMAIL_INDEX = 'UQ_accounts_email';

export interface NewAccount {
  email: string;
  password: string;
  role: AccountRole;
  /** The license to hold; a name that does not exist gives no license. */
  license: string | null;
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
    @InjectRepository(Account) private readonly accounts: Repository<Account>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly licenses: LicensesService,
    private readonly credentials: CredentialsCache,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Self-registration: role user, the DEFAULT_LICENSE. */
  register(email: string, password: string): Promise<Account> {
    return this.create({ email, password, role: 'user', license: this.settings.defaultLicense });
  }

  /** 409 when the email is taken, including when a concurrent registration wins the race. */
  async create({ email, password, role, license }: NewAccount): Promise<Account> {
    email = normalizeEmail(email);
    // Cheap early answer that spares the password hashing; the unique index below is what makes it exact.
    if (await this.accounts.existsBy({ email })) throw ApiError.conflict(Messages.emailTaken);
    const passwordHash = await this.hasher.hash(password);
    let row: { id: string; license_name: string | null };
    try {
      // The license is looked up in the INSERT itself, so a license deleted meanwhile cannot fail the insert.
      [row] = await this.dataSource.query(
        `INSERT INTO accounts (email, password_hash, role, license_name)
         VALUES ($1, $2, $3, (SELECT name FROM licenses WHERE name = $4))
         RETURNING id, license_name`,
        [email, passwordHash, role, license],
      );
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

  /** Stores a new password hash and moves the session version on (older access tokens stop working). */
  async changePassword(id: string, passwordHash: string): Promise<Account> {
    const result = await this.accounts
      .createQueryBuilder()
      .update(Account)
      .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
      .where('id = :id', { id })
      .execute();
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

  /** Applies an administrator's changes, then drops the cached snapshot so they hold on the next request. */
  async update(id: string, changes: AccountChanges): Promise<Account> {
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
        await this.accounts.update({ id }, patch);
      } catch (error) {
        // The license was deleted between the check and the update.
        if (isForeignKeyViolation(error)) throw ApiError.badRequest(LICENSE_FIELD_MESSAGE);
        throw error;
      }
    }
    this.credentials.forgetAccount(id);
    return this.getOrFail(id);
  }

  /**
   * Deletes the account, its tokens and usage (FK cascade), then revokes every cached token at once.
   * The account row is locked first, so no token can be created for it in between and escape the revocation.
   */
  async remove(id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound(Messages.accountNotFound);
    const secretHashes = await this.dataSource.transaction(async (manager) => {
      const locked: unknown[] = await manager.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [id]);
      if (locked.length === 0) throw ApiError.notFound(Messages.accountNotFound);
      const tokens: { secret_hash: string }[] = await manager.query(
        'SELECT secret_hash FROM api_tokens WHERE account_id = $1',
        [id],
      );
      await manager.query('DELETE FROM accounts WHERE id = $1', [id]);
      return tokens.map((t) => t.secret_hash);
    });
    secretHashes.forEach((hash) => this.credentials.forgetToken(hash));
    this.credentials.forgetAccount(id);
  }
}

/** `%`, `_` and `\` in the search text match themselves, not as LIKE wildcards. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
