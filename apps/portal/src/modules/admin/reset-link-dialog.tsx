import type { Account } from '../../app/api-types';
import { formatDateTime } from '../../app/format';
import { CodeBlock } from '../../components/code-block';
import { Dialog } from '../../components/dialog';

interface ResetLinkDialogProps {
  account: Account;
  link: { url: string; expiresAt: string };
  onClose: () => void;
}

/** Shows a new reset link once: the administrator hands it to the account holder (chat, phone, a ticket). */
export function ResetLinkDialog({ account, link, onClose }: ResetLinkDialogProps) {
  return (
    <Dialog title={`Password reset link for ${account.email}`} onClose={onClose}>
      <p>
        Give this link to the account holder. It works once, until {formatDateTime(link.expiresAt)}; using it
        logs out every session of the account. It is shown only now.
      </p>
      <CodeBlock title="Reset link" code={link.url} />
      <div className="actions">
        <button type="button" data-autofocus onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
