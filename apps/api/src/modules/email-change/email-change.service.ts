import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { hash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { Messages } from '../../common/errors/messages';
import { isUniqueViolation } from '../../common/database/postgres-errors';
import { Mailer } from '../../common/mail/mailer';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';
import { ChangeFeed } from '../../database/change-feed/change-feed.service';
import { AccountsService, EMAIL_INDEX } from '../accounts/accounts.service';
import { normalizeEmail } from '../accounts/email';
import { CurrentPasswordCheck } from '../accounts/current-password-check';
import { EmailChange } from './email-change.entity';

/** A confirmation link works for a day: the new address may be read on another device, later. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;
/** At most one confirmation e-mail per account in this time, so that the form cannot flood anyone's inbox. */
const EMAIL_INTERVAL_MS = 60_000;
/** Where the portal's confirmation page lives; the secret travels in the fragment, never sent to servers. */
const CONFIRM_PAGE = '/portal/#/confirm-email?token=';

export type EmailChangeResult =
  | { delivery: 'email'; email: string; pendingEmail: string; expiresAt: Date }
  | { delivery: 'changed'; email: string; pendingEmail: null; expiresAt: null };

/**
 * Changing an account's e-mail address (issue 34). The current password confirms the request. When SMTP is
 * configured the change waits for a one-time link sent to the new address (which proves it is the holder's), and
 * the current address is told; without SMTP the address changes at once. Sessions stay valid: an access token
 * names the account id, not its address.
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
   * 400 naming `password` when it is wrong, 400 naming `email` when it is the current address, 409 when another
   * account holds it, 429 when a confirmation e-mail went out less than a minute ago.
   */
  async request(accountId: string, newEmail: string, password: string): Promise<EmailChangeResult> {
    const email = normalizeEmail(newEmail);
    const account = await this.accounts.getOrFail(accountId);
    await this.currentPassword.verify(account, password, Messages.profilePasswordWrong);
    if (email === account.email) throw ApiError.badRequest(Messages.emailUnchanged);
    const holder = await this.accounts.findByEmail(email);
    if (holder) throw ApiError.conflict(Messages.emailTaken);

    if (!this.mailer.configured) {
      await this.apply(accountId, email, async (manager) => {
        // A link asked for while SMTP was configured must not change the address back later.
        await manager.query('DELETE FROM email_changes WHERE account_id = $1 AND used_at IS NULL', [
          accountId,
        ]);
      });
      return { delivery: 'changed', email, pendingEmail: null, expiresAt: null };
    }

    const secret = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS);
    await this.dataSource.transaction(async (manager) => {
      // The account's row is locked so that two requests at once are decided one after the other.
      await manager.query('SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId]);
      const [last]: { created_at: Date }[] = await manager.query(
        `SELECT created_at FROM email_changes WHERE account_id = $1 AND created_at > $2
          ORDER BY created_at DESC LIMIT 1`,
        [accountId, new Date(Date.now() - EMAIL_INTERVAL_MS)],
      );
      if (last) {
        const wait = Math.ceil((new Date(last.created_at).getTime() + EMAIL_INTERVAL_MS - Date.now()) / 1000);
        const { status, body } = ApiError.tooManyRequests();
        throw new ApiError(status, body, { 'Retry-After': String(Math.max(1, wait)) });
      }
      // A newer request replaces the older ones: only the latest link can change the address.
      await manager.query('DELETE FROM email_changes WHERE account_id = $1 AND used_at IS NULL', [accountId]);
      await manager.insert(EmailChange, {
        accountId,
        newEmail: email,
        secretHash: hashSecret(secret),
        expiresAt,
      });
    });
    const previous = account.email;
    // Sent after the answer, like a password-reset link: the SMTP server's pace does not hold the request.
    void this.mailLinks(accountId, previous, email, secret);
    return { delivery: 'email', email: previous, pendingEmail: email, expiresAt };
  }

  /**
   * Uses a link: once, before it expires. 400 when it is unknown, expired or used; 409 when another account took
   * the address meanwhile (the link then stays unused).
   */
  async confirm(secret: string): Promise<{ email: string }> {
    const secretHash = hashSecret(secret);
    let accountId: string | undefined;
    let email: string | undefined;
    try {
      await this.dataSource.transaction(async (manager) => {
        // The conditional update decides a race between two uses of the same link: one wins, the other is refused.
        const [rows]: [{ account_id: string; new_email: string }[], number] = await manager.query(
          `UPDATE email_changes SET used_at = now()
            WHERE secret_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING account_id, new_email`,
          [secretHash],
        );
        const used = rows[0];
        if (!used) throw ApiError.badRequest(Messages.emailChangeInvalid);
        accountId = used.account_id;
        email = used.new_email;
        await manager.query('UPDATE accounts SET email = $2 WHERE id = $1', [accountId, email]);
      });
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_INDEX)) throw ApiError.conflict(Messages.emailTaken);
      throw error;
    }
    await this.changes.publish({ type: 'account.changed', accountId: accountId as string });
    return { email: email as string };
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

  /** Both messages are sent whatever becomes of the other; a failure is logged (the request was answered). */
  private async mailLinks(accountId: string, previous: string, email: string, secret: string): Promise<void> {
    const link = `${(this.settings.mail.publicUrl ?? '').replace(/\/+$/, '')}${CONFIRM_PAGE}${secret}`;
    const sent = await Promise.allSettled([
      this.mailer.send({
        to: email,
        subject: 'Confirm your new Lottery Results e-mail address',
        text: [
          `Someone, hopefully you, asked to change the e-mail address of the Lottery Results account ${previous} ` +
            `to ${email}.`,
          '',
          'Open this link within 24 hours to confirm the change:',
          link,
          '',
          'The link works once. Until it is opened, the account keeps its current address.',
          'If you did not ask for it, ignore this message: nothing changes.',
        ].join('\n'),
      }),
      this.mailer.send({
        to: previous,
        subject: 'A change of your Lottery Results e-mail address was asked',
        text: [
          `A change of the e-mail address of the Lottery Results account ${previous} to ${email} was asked.`,
          '',
          'Nothing changes unless the link sent to that address is opened (within 24 hours).',
          'If it was not you, change your password: whoever asked knows it.',
        ].join('\n'),
      }),
    ]);
    for (const outcome of sent)
      if (outcome.status === 'rejected')
        this.logger.error(
          `E-mail change message for account ${accountId} not sent: ${(outcome.reason as Error).message}`,
        );
  }
}

/** Only the hash is stored, so that a copy of the database changes no address. */
function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
