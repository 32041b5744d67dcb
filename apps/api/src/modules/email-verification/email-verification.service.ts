import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { hashLinkSecret, newLinkSecret } from '../../common/mail/link-secret';
import { Mailer } from '../../common/mail/mailer';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ChangeFeed } from '../change-feed/change-feed.service';
import type { Account } from '../accounts/account.entity';
import { AccountsService } from '../accounts/accounts.service';
import { EmailVerification } from './email-verification.entity';

/** A verification link works for a day, as an e-mail change's: the address may be read later, elsewhere. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;
/** At most one verification e-mail per account in this time, so that the re-send button floods no inbox. */
const EMAIL_INTERVAL_MS = 60_000;
/** Where the portal's verification page lives; the secret travels in the fragment, never sent to servers. */
const VERIFY_PAGE = '/portal/#/verify-email?token=';

/**
 * Verifying an account's address before it receives a free license (REGISTRATION_VERIFY_EMAIL): registration
 * creates the account unverified and without a license and mails a one-time link to its address; opening it marks
 * the address verified and grants DEFAULT_LICENSE unless the account has a license by then (an administrator's).
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly changes: ChangeFeed,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly mailer: Mailer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** After a registration: the first link, mailed after the answer (a failure is logged). */
  mailFirstLink(account: Account): void {
    this.createAndMail(account.id, account.email).catch((error: Error) =>
      this.logger.error(`Verification e-mail for account ${account.id} not sent: ${error.message}`),
    );
  }

  /**
   * Sends a new link to the account's address: 409 when it is verified already, or when this service sends no
   * e-mail; 429 with Retry-After when a link went out less than a minute ago.
   */
  async resend(accountId: string): Promise<{ email: string; expiresAt: Date }> {
    const account = await this.accounts.getCallerOrFail(accountId);
    if (account.emailVerified) throw ApiError.conflict(Messages.emailAlreadyVerified);
    if (!this.mailer.configured) throw ApiError.conflict(Messages.emailVerificationUnavailable);
    const { secret, expiresAt } = await this.create(accountId, account.email);
    // Sent after the answer, like every link: the SMTP server's pace does not hold the request.
    this.mail(account.email, secret).catch((error: Error) =>
      this.logger.error(`Verification e-mail for account ${accountId} not sent: ${error.message}`),
    );
    return { email: account.email, expiresAt };
  }

  /**
   * Uses a link: once, before it expires, while the address it was sent to is still the account's. Every other link
   * of the account dies with it. 400 when it is unknown, expired, used or sent to an address the account no longer
   * has.
   */
  async verify(secret: string): Promise<{ email: string; license: string | null }> {
    const accountId = await this.dataSource.transaction(async (manager) => {
      // The conditional update decides a race between two uses of the same link: one wins, the other is refused.
      const [[used]]: [{ account_id: string }[], number] = await manager.query(
        `UPDATE email_verifications v SET used_at = now()
          WHERE v.secret_hash = $1 AND v.used_at IS NULL AND v.expires_at > now()
            AND v.email = (SELECT a.email FROM accounts a WHERE a.id = v.account_id)
         RETURNING account_id`,
        [hashLinkSecret(secret)],
      );
      if (!used) throw ApiError.badRequest(Messages.emailVerificationInvalid);
      await manager.query(
        'UPDATE email_verifications SET used_at = now() WHERE account_id = $1 AND used_at IS NULL',
        [used.account_id],
      );
      await this.accounts.markEmailVerified(manager, used.account_id);
      return used.account_id;
    });
    // The license reaches this instance's caches at once, every other one through the feed.
    await this.changes.publish({ type: 'account.changed', accountId });
    const account = await this.accounts.getOrFail(accountId);
    return { email: account.email, license: account.licenseName };
  }

  private async createAndMail(accountId: string, email: string): Promise<void> {
    const { secret } = await this.create(accountId, email);
    await this.mail(email, secret);
  }

  /** A new link for the account's address, or 429 when one was made less than a minute ago. */
  private async create(accountId: string, email: string): Promise<{ secret: string; expiresAt: Date }> {
    const secret = newLinkSecret();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS);
    await this.dataSource.transaction(async (manager) => {
      // The account's row is locked so that two requests at once are decided one after the other.
      await manager.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
      const [last]: { created_at: Date }[] = await manager.query(
        `SELECT created_at FROM email_verifications WHERE account_id = $1 AND created_at > $2
          ORDER BY created_at DESC LIMIT 1`,
        [accountId, new Date(Date.now() - EMAIL_INTERVAL_MS)],
      );
      if (last)
        throw ApiError.tooManyRequestsUntil(
          new Date(new Date(last.created_at).getTime() + EMAIL_INTERVAL_MS),
        );
      await manager.insert(EmailVerification, {
        accountId,
        email,
        secretHash: hashLinkSecret(secret),
        expiresAt,
      });
    });
    return { secret, expiresAt };
  }

  private async mail(email: string, secret: string): Promise<void> {
    const link = `${(this.settings.mail.publicUrl ?? '').replace(/\/+$/, '')}${VERIFY_PAGE}${secret}`;
    const license = this.settings.defaultLicense;
    await this.mailer.send({
      to: email,
      subject: 'Confirm your Lottery Results e-mail address',
      text: [
        `Welcome to Lottery Results. Open this link within 24 hours to confirm that ${email} is your address:`,
        link,
        '',
        ...(license ? [`Your account receives its license (${license}) once the address is confirmed.`] : []),
        'The link works once. If you did not create this account, ignore this message.',
      ].join('\n'),
    });
  }
}
