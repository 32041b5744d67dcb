import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectField } from '../../components/select-field';
import { GRACE_CHOICES } from './webhook-values';

interface RotateSecretDialogProps {
  url: string;
  onRotate: (graceSeconds: number) => Promise<void>;
  onClose: () => void;
}

export function RotateSecretDialog({ url, onRotate, onClose }: RotateSecretDialogProps) {
  const [grace, setGrace] = useState(0);
  const chosen = GRACE_CHOICES.find((choice) => choice.seconds === grace) ?? GRACE_CHOICES[0];
  return (
    <ConfirmDialog
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      onConfirm={() => onRotate(grace)}
      onClose={onClose}
    >
      <p className="webhook-url-line">
        Target: <code>{url}</code>
      </p>
      <p>
        The subscription gets a new signing secret, shown once.{' '}
        {grace === 0
          ? 'Deliveries stop carrying a signature by the current secret at once.'
          : `Deliveries are also signed with the current secret ${chosen.label.toLowerCase()}, time to switch your receiver to the new one.`}
      </p>
      <SelectField
        label="Keep signing with the current secret"
        name="webhook-grace"
        value={grace}
        onChange={(e) => setGrace(Number(e.target.value))}
      >
        {GRACE_CHOICES.map((choice) => (
          <option key={choice.seconds} value={choice.seconds}>
            {choice.label}
          </option>
        ))}
      </SelectField>
    </ConfirmDialog>
  );
}
