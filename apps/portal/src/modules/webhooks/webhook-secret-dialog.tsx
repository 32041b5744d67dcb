import { CodeBlock } from '../../components/code-block';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { formatDateTime, fromNow } from '../../app/format';
import { VERIFY_SNIPPET } from './webhook-values';

interface WebhookSecretDialogProps {
  url: string;
  secret: string;
  reason: 'created' | 'rotated';
  /** After a rotation with a grace period: until when the previous secret still signs. */
  previousSecretExpiresAt?: string;
  onClose: () => void;
}

/** The only time a signing secret is ever shown: the portal keeps no copy once the dialog is closed. */
export function WebhookSecretDialog({
  url,
  secret,
  reason,
  previousSecretExpiresAt,
  onClose,
}: WebhookSecretDialogProps) {
  return (
    <Dialog
      title={reason === 'created' ? 'Subscription created' : 'Signing secret rotated'}
      onClose={onClose}
    >
      <p className="webhook-url-line">
        Target: <code>{url}</code>
      </p>
      <p>
        <strong>Copy this signing secret now: you will not see it again.</strong> Your receiver needs it to
        check that each delivery comes from this service; if you lose it, rotate the secret to get a new one.
      </p>
      <code className="secret" data-testid="webhook-secret" aria-label="Signing secret">
        {secret}
      </code>
      {reason === 'rotated' && (
        <p data-testid="previous-webhook-secret">
          {previousSecretExpiresAt
            ? `The previous secret also signs every delivery until ${formatDateTime(previousSecretExpiresAt)} (${fromNow(previousSecretExpiresAt)}): switch your receiver to this one before then.`
            : 'The previous secret no longer signs: deliveries carry this one only.'}
        </p>
      )}
      <div className="actions">
        <CopyButton text={secret} label="Copy the secret" />
      </div>
      <h3 className="section-gap">How to verify a delivery</h3>
      <p className="small">
        Each delivery carries <code>X-Lottery-Signature: t=…,v1=…</code>, an HMAC-SHA256 of{' '}
        <code>&lt;t&gt;.&lt;raw body&gt;</code> keyed by this secret. The SDK checks it for you, with the time
        stamp (replays older than five minutes are refused):
      </p>
      <CodeBlock title="Express receiver" code={VERIFY_SNIPPET} />
      <div className="actions">
        <button type="button" onClick={onClose}>
          I have saved it
        </button>
      </div>
    </Dialog>
  );
}
