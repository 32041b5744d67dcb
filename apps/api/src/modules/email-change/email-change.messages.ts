import type { MailMessage } from '../../common/mail/mailer';

export interface EmailChangeLinks {
  /** The confirmation link for the new address; null when another account holds it (nothing to confirm). */
  confirm: string | null;
  /** The current address's "this wasn't me" link. */
  cancel: string;
}

/**
 * The e-mails of a change of address from `previous` to `email`: to the new address, the confirmation link, or, when
 * another account holds that address, a word that nothing changes; to the current address, the notice with its
 * cancellation link, the same in both cases.
 */
export function emailChangeMessages(previous: string, email: string, links: EmailChangeLinks): MailMessage[] {
  const toNew: MailMessage = links.confirm
    ? {
        to: email,
        subject: 'Confirm your new Lottery Results e-mail address',
        text: [
          `Someone, hopefully you, asked to change the e-mail address of the Lottery Results account ${previous} ` +
            `to ${email}.`,
          '',
          'Open this link within 24 hours to confirm the change:',
          links.confirm,
          '',
          'The link works once. Until it is opened, the account keeps its current address.',
          'If you did not ask for it, ignore this message: nothing changes.',
        ].join('\n'),
      }
    : {
        to: email,
        subject: 'Someone tried to move a Lottery Results account to this address',
        text: [
          `Someone asked to move another Lottery Results account to this address, ${email}.`,
          '',
          'This address already has an account, so nothing changes: that account keeps this address, and no other ' +
            'account can take it.',
          'If it was you, log in with this address instead (the log-in page\'s "Forgot your password?" sets a new ' +
            'password if you need one). Otherwise, ignore this message.',
        ].join('\n'),
      };
  const notice: MailMessage = {
    to: previous,
    subject: 'A change of your Lottery Results e-mail address was asked',
    text: [
      `A change of the e-mail address of the Lottery Results account ${previous} to ${email} was asked.`,
      '',
      'Nothing changes unless the link sent to that address is opened (within 24 hours).',
      '',
      'If it was not you, whoever asked knows your password. Open this link to cancel the change and log out ' +
        'every session of your account:',
      links.cancel,
      '',
      'Then choose a new password (the log-in page\'s "Forgot your password?"). Changing or resetting your ' +
        'password cancels the change too.',
    ].join('\n'),
  };
  return [toNew, notice];
}
