import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { formatDateTime, fromNow } from '../../app/format';
import { href } from '../../app/router';

interface SecretDialogProps {
  tokenId: string;
  secret: string;
  /** 'created' or 'reset' */
  reason: 'created' | 'reset';
  /** After a reset with a grace period: until when the previous secret still works. */
  previousSecretExpiresAt?: string;
  onClose: () => void;
}

/** The only time the secret is ever shown: the API keeps a hash of it, not the secret. */
export function SecretDialog({
  tokenId,
  secret,
  reason,
  previousSecretExpiresAt,
  onClose,
}: SecretDialogProps) {
  return (
    <Dialog
      title={reason === 'created' ? `Token “${tokenId}” created` : `Token “${tokenId}” reset`}
      onClose={onClose}
    >
      <p>
        <strong>Copy this secret now: you will not see it again.</strong> The service stores only a
        fingerprint of it; if you lose it, reset the token to get a new one.
      </p>
      <code className="secret" data-testid="token-secret" aria-label="Token secret">
        {secret}
      </code>
      {reason === 'reset' && (
        <p data-testid="previous-secret">
          {previousSecretExpiresAt
            ? `The previous secret keeps working until ${formatDateTime(previousSecretExpiresAt)} (${fromNow(previousSecretExpiresAt)}): switch your programs to this one before then.`
            : 'The previous secret no longer works.'}
        </p>
      )}
      <div className="actions">
        <CopyButton text={secret} label="Copy the secret" />
      </div>
      <p className="small muted">
        Send it in the <code>X-API-Token</code> header. It stays available on the{' '}
        <a href={href('/try')}>Try it</a> page until you log out or reload.
      </p>
      <div className="actions">
        <button type="button" onClick={onClose}>
          I have saved it
        </button>
      </div>
    </Dialog>
  );
}
