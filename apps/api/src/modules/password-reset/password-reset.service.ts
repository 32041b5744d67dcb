import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, MoreThan, Repository } from 'typeorm';
import { liveLink } from '../../common/database/live-link';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { hashLinkSecret, newLinkSecret } from '../../common/mail/link-secret';
import { Mailer } from '../../common/mail/mailer';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { PasswordHasher } from '../accounts/password-hasher.service';
import { AuthService } from '../auth/auth.service';
import type { AccessTokenDto } from '../auth/dto/access-token.dto';
import { PasswordReset, type PasswordResetOrigin } from './password-reset.entity';
import { ChangeFeed } from '../change-feed/change-feed.service';

/** A link sent by e-mail lasts an hour; one an administrator hands over lasts a day (it travels by hand). */
export const LINK_LIFETIME_MS: Record<PasswordResetOrigin, number> = {
  email: 60 * 60_000,
  admin: 24 * 60 * 60_000,
};
/** At most one e-mail per account in this time, so that the form cannot flood someone's inbox. */
const EMAIL_INTERVAL_MS = 60_000;
/** Where the portal's reset page lives; the secret travels in the fragment, which browsers never send to servers. */
const RESET_PAGE = '/portal/#/reset-password?token=';

export type ResetDelivery = 'email' | 'administrator';

export interface ResetLink {
  /** Absolute from PUBLIC_URL; otherwise relative to the service's origin (the portal it serves at /portal/). */
  url: string;
  /** The link's secret, for a client that builds the link to its own reset page (the portal, from its origin). */
  resetToken: string;
  expiresAt: Date;
}

/**
 * Password recovery (issue 21): one-time, expiring links, sent by e-mail when SMTP is configured and created by an
 * administrator otherwise. Using a link sets the password and ends every session opened before it.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly changes: ChangeFeed,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    private readonly auth: AuthService,
    private readonly mailer: Mailer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * Answers at once and the same way whether or not the address has an account, so that neither the answer nor
   * its timing tells; the lookup and the e-mail happen after the answer.
   */
  requestByEmail(email: string): ResetDelivery {
    if (!this.mailer.configured) return 'administrator';
    this.mailLink(email).catch((error: Error) =>
      this.logger.error(`Password reset e-mail not sent: ${error.message}`),
    );
    return 'email';
  }

  /**
   * A link for an administrator to hand to the account holder. Only PUBLIC_URL makes it absolute: never the
   * request's Host header, which whoever sends the request chooses (a link to their own site would collect the
   * secret). Without PUBLIC_URL the link is relative, and the portal builds it from its own origin.
   */
  async createForAdmin(accountId: string): Promise<ResetLink> {
    const account = await this.accounts.getOrFail(accountId);
    const { secret, expiresAt } = await this.create(account, 'admin');
    return { url: this.linkFor(secret, this.settings.mail.publicUrl ?? ''), resetToken: secret, expiresAt };
  }

  /**
   * Uses the link: one use only, before it expires. The password changes, every other link of the account dies,
   * every older session is refused from now on (session version), and the caller is logged in.
   */
  async reset(secret: string, newPassword: string): Promise<AccessTokenDto> {
    const secretHash = hashLinkSecret(secret);
    // Checked before the (deliberately slow) password hashing, so that guessing costs the server nothing.
    const live = await this.resets
      .createQueryBuilder('r')
      .where(`r.secret_hash = :secretHash AND ${liveLink('r')}`, { secretHash })
      .getOne();
    if (!live) throw ApiError.badRequest(Messages.passwordResetInvalid);
    const passwordHash = await this.hasher.hash(newPassword);
    const { accountId } = live;
    const won = await this.dataSource.transaction(async (manager) => {
      // The conditional update decides a race between two uses of the same link: one wins, the other is refused.
      const used = await manager
        .createQueryBuilder()
        .update(PasswordReset)
        .set({ usedAt: () => 'now()' })
        .where(`secret_hash = :secretHash AND ${liveLink('password_resets')}`, { secretHash })
        .execute();
      if (used.affected !== 1) return false;
      await manager
        .createQueryBuilder()
        .update(PasswordReset)
        .set({ usedAt: () => 'now()' })
        .where('account_id = :accountId AND used_at IS NULL', { accountId })
        .execute();
      await manager
        .createQueryBuilder()
        .update(Account)
        .set({ passwordHash, sessionVersion: () => 'session_version + 1' })
        .where('id = :accountId', { accountId })
        .execute();
      return true;
    });
    if (!won) throw ApiError.badRequest(Messages.passwordResetInvalid);
    await this.changes.publish({ type: 'account.changed', accountId });
    return this.auth.issue(await this.accounts.getOrFail(accountId));
  }

  private async mailLink(email: string): Promise<void> {
    const account = await this.accounts.findByEmail(email);
    if (!account) return;
    const recent = await this.resets.count({
      where: {
        accountId: account.id,
        origin: 'email',
        createdAt: MoreThan(new Date(Date.now() - EMAIL_INTERVAL_MS)),
      },
    });
    if (recent > 0) {
      this.logger.log(
        `Password reset for account ${account.id} not mailed: one was sent less than a minute ago`,
      );
      return;
    }
    const { secret } = await this.create(account, 'email');
    const minutes = LINK_LIFETIME_MS.email / 60_000;
    await this.mailer.send({
      to: account.email,
      subject: 'Reset your Lottery Results password',
      text: [
        `Someone, hopefully you, asked to reset the password of the Lottery Results account ${account.email}.`,
        '',
        `Choose a new password here within ${minutes} minutes:`,
        this.linkFor(secret, this.settings.mail.publicUrl as string),
        '',
        'The link works once, and using it logs out every other session of the account.',
        'If you did not ask for it, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  }

  private async create(
    account: Account,
    origin: PasswordResetOrigin,
  ): Promise<{ secret: string; expiresAt: Date }> {
    const secret = newLinkSecret();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[origin]);
    await this.resets.insert({
      accountId: account.id,
      secretHash: hashLinkSecret(secret),
      origin,
      expiresAt,
      sessionVersion: account.sessionVersion,
    });
    return { secret, expiresAt };
  }

  private linkFor(secret: string, base: string): string {
    return `${base.replace(/\/+$/, '')}${RESET_PAGE}${secret}`;
  }
}
