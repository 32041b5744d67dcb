import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { liveLink } from '../../common/database/live-link';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { isUniqueViolation } from '../../common/database/postgres-errors';
import { hashLinkSecret, newLinkSecret } from '../../common/mail/link-secret';
import { Mailer, type MailMessage } from '../../common/mail/mailer';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ChangeFeed } from '../change-feed/change-feed.service';
import { AccountsService, EMAIL_INDEX } from '../accounts/accounts.service';
import { normalizeEmail } from '../accounts/email';
import { CurrentPasswordCheck } from '../accounts/current-password-check';
import { EmailChange } from './email-change.entity';
import { emailChangeMessages } from './email-change.messages';

/** A confirmation link works for a day: the new address may be read on another device, later. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;
/** One request per account in this time, whatever its outcome: no inbox flooded, no fast probe of addresses. */
const REQUEST_INTERVAL_MS = 60_000;
/** Where the portal's pages live; the secrets travel in the fragment, never sent to servers. */
const CONFIRM_PAGE = '/portal/#/confirm-email?token=';
const CANCEL_PAGE = '/portal/#/cancel-email?token=';

export type EmailChangeResult =
  | { delivery: 'email'; email: string; pendingEmail: string; expiresAt: Date }
  | { delivery: 'changed'; email: string; pendingEmail: null; expiresAt: null };

/**
 * Changing an account's e-mail address (issue 34). The current password confirms the request. When SMTP is
 * configured the change waits for a one-time link sent to the new address (which proves it is the holder's), and
 * the current address is told, with a link that cancels it and ends every session; the change dies when the
 * password changes. Without SMTP the address changes at once. Sessions stay valid: an access token names the
 * account id, not its address.
 */
@Injectable()
export class EmailChangeService {
  private readonly logger = new Logger(EmailChangeService.name);

  constructor(
    private readonly changes: ChangeFeed,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly mailer: Mailer,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * In this order: 400 naming `password` when it is wrong, 400 naming `email` when it is the current address, 429
   * when the account asked less than a minute ago. Then, with SMTP, the same answer whether or not another account
   * holds the address (only the e-mails differ), so that the route tells no one which addresses have accounts;
   * without SMTP (the change applies at once) 409 when another account holds it, at most once a minute.
   */
  async request(accountId: string, newEmail: string, password: string): Promise<EmailChangeResult> {
    const email = normalizeEmail(newEmail);
    const account = await this.accounts.getCallerOrFail(accountId);
    await this.currentPassword.verify(account, password, Messages.profilePasswordWrong);
    if (email === account.email) throw ApiError.badRequest(Messages.emailUnchanged);
    await this.countRequest(accountId);

    if (!this.mailer.configured) {
      await this.apply(accountId, email, async (manager) => {
        // A link asked for while SMTP was configured must not change the address back later.
        await manager.query('DELETE FROM email_changes WHERE account_id = $1 AND used_at IS NULL', [
          accountId,
        ]);
      });
      return { delivery: 'changed', email, pendingEmail: null, expiresAt: null };
    }

    const taken = (await this.accounts.findByEmail(email)) !== null;
    // Recorded the same way for a taken address, so that nothing else tells it either (an older link dies alike,
    // and the notice's cancellation link works). The confirmation secret of a taken address is never sent: that
    // change can never be confirmed.
    const secret = newLinkSecret();
    const cancelSecret = newLinkSecret();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS);
    await this.dataSource.transaction(async (manager) => {
      // A newer request replaces the older ones: only the latest link can change the address.
      await manager.query('DELETE FROM email_changes WHERE account_id = $1 AND used_at IS NULL', [accountId]);
      await manager.insert(EmailChange, {
        accountId,
        newEmail: email,
        secretHash: hashLinkSecret(secret),
        cancelHash: hashLinkSecret(cancelSecret),
        // The version read with the password hash just verified: a password change since then (which moves it
        // on) leaves this change dead from the start, never alive past the password that asked for it.
        sessionVersion: account.sessionVersion,
        expiresAt,
      });
    });
    // Sent after the answer, like a password-reset link: the SMTP server's pace does not hold the request.
    const links = {
      confirm: taken ? null : this.link(CONFIRM_PAGE, secret),
      cancel: this.link(CANCEL_PAGE, cancelSecret),
    };
    void this.mail(accountId, emailChangeMessages(account.email, email, links));
    return { delivery: 'email', email: account.email, pendingEmail: email, expiresAt };
  }

  /**
   * Uses a confirmation link: once, before it expires, while the password that asked is still the account's. 400
   * when it is unknown, expired, used, cancelled or outlived by a password change; 409 when another account took
   * the address meanwhile (the link then stays unused). The new address is verified by it.
   */
  async confirm(secret: string): Promise<{ email: string }> {
    const { account_id: accountId, new_email: email } = await this.dataSource
      .transaction(async (manager) => {
        const used = await this.use(manager, 'secret_hash', secret, Messages.emailChangeInvalid);
        await manager.query('UPDATE accounts SET email = $2 WHERE id = $1', [
          used.account_id,
          used.new_email,
        ]);
        await this.accounts.markEmailVerified(manager, used.account_id);
        return used;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error, EMAIL_INDEX) ? ApiError.conflict(Messages.emailTaken) : error;
      });
    await this.changes.publish({ type: 'account.changed', accountId });
    return { email };
  }

  /**
   * The notice's "this wasn't me" link: cancels the pending change (its confirmation link fails from now on) and
   * ends every session of the account, since whoever asked knows the password. 400 when the link is unknown,
   * expired or used, or its change is no longer pending.
   */
  async cancel(secret: string): Promise<{ email: string; cancelledEmail: string }> {
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const change = await this.use(manager, 'cancel_hash', secret, Messages.emailChangeCancelInvalid);
      const [[account]]: [{ email: string }[], number] = await manager.query(
        'UPDATE accounts SET session_version = session_version + 1 WHERE id = $1 RETURNING email',
        [change.account_id],
      );
      return { accountId: change.account_id, email: account.email, cancelledEmail: change.new_email };
    });
    // Every instance refuses the account's older access tokens from now on, as after a password change.
    await this.changes.publish({ type: 'account.changed', accountId: cancelled.accountId });
    return { email: cancelled.email, cancelledEmail: cancelled.cancelledEmail };
  }

  /**
   * Marks the live change whose `column` holds the secret's hash used, or throws 400 with `invalid`. The
   * conditional update decides a race between two uses of the links: one wins, the other is refused.
   */
  private async use(
    manager: EntityManager,
    column: 'secret_hash' | 'cancel_hash',
    secret: string,
    invalid: string,
  ): Promise<{ account_id: string; new_email: string }> {
    const [rows]: [{ account_id: string; new_email: string }[], number] = await manager.query(
      `UPDATE email_changes c SET used_at = now()
        WHERE c.${column} = $1 AND ${liveLink('c')}
       RETURNING account_id, new_email`,
      [hashLinkSecret(secret)],
    );
    if (!rows[0]) throw ApiError.badRequest(invalid);
    return rows[0];
  }

  /**
   * Counts the request in the account's one a minute, or refuses it with 429 and Retry-After. One conditional
   * update, so that requests at once, on any instance, are counted one after the other.
   */
  private async countRequest(accountId: string): Promise<void> {
    const [counted]: [{ id: string }[], number] = await this.dataSource.query(
      `UPDATE accounts SET email_change_asked_at = now()
        WHERE id = $1 AND (email_change_asked_at IS NULL OR email_change_asked_at <= now() - $2::integer * interval '1 millisecond')
       RETURNING id`,
      [accountId, REQUEST_INTERVAL_MS],
    );
    if (counted.length) return;
    const [{ askedAt }]: { askedAt: Date }[] = await this.dataSource.query(
      'SELECT email_change_asked_at AS "askedAt" FROM accounts WHERE id = $1',
      [accountId],
    );
    throw ApiError.tooManyRequestsUntil(new Date(new Date(askedAt).getTime() + REQUEST_INTERVAL_MS));
  }

  /** Sets the address now, with `alongside` in the same transaction; 409 when another account won the address. */
  private async apply(
    accountId: string,
    email: string,
    alongside: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        await alongside(manager);
        await manager.query('UPDATE accounts SET email = $2 WHERE id = $1', [accountId, email]);
      });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw ApiError.conflict(Messages.emailTaken);
      throw error;
    }
    // This instance at once, every other one through the feed (their credentials caches hold the address).
    await this.changes.publish({ type: 'account.changed', accountId });
  }

  private link(page: string, secret: string): string {
    return `${(this.settings.mail.publicUrl ?? '').replace(/\/+$/, '')}${page}${secret}`;
  }

  /** Every message is sent whatever becomes of the others; a failure is logged (the request was answered). */
  private async mail(accountId: string, messages: MailMessage[]): Promise<void> {
    const sent = await Promise.allSettled(messages.map((message) => this.mailer.send(message)));
    for (const outcome of sent)
      if (outcome.status === 'rejected')
        this.logger.error(
          `E-mail change message for account ${accountId} not sent: ${(outcome.reason as Error).message}`,
        );
  }
}
