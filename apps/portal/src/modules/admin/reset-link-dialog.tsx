import type { Account } from '../../app/api-types';
import { formatDateTime } from '../../app/format';
import { CodeBlock } from '../../components/code-block';
import { Dialog } from '../../components/dialog';

/** What the API answers for a new link (POST /admin/accounts/{id}/password-reset). */
export interface ResetLink {
  url: string;
  resetToken: string;
  expiresAt: string;
}

interface ResetLinkDialogProps {
  account: Account;
  link: ResetLink;
  onClose: () => void;
}

/**
 * The link to hand over. The API's is absolute only when the service has a PUBLIC_URL (it never trusts the
 * request's Host); otherwise it is relative, and the link points at this portal's own reset page, at the
 * address the administrator uses (the page's folder: `/portal/`, also when it was opened as `index.html`).
 */
export function resetLinkUrl(link: ResetLink): string {
  if (/^https?:\/\//i.test(link.url)) return link.url;
  const portal = new URL('.', window.location.href).href;
  return `${portal}#/reset-password?token=${encodeURIComponent(link.resetToken)}`;
}

/** Shows a new reset link once: the administrator hands it to the account holder (chat, phone, a ticket). */
export function ResetLinkDialog({ account, link, onClose }: ResetLinkDialogProps) {
  return (
    <Dialog title={`Password reset link for ${account.email}`} onClose={onClose}>
      <p>
        Give this link to the account holder. It works once, until {formatDateTime(link.expiresAt)}; using it
        logs out every session of the account. It is shown only now.
      </p>
      <CodeBlock title="Reset link" kind="link" code={resetLinkUrl(link)} />
      <div className="actions">
        <button type="button" data-autofocus onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
