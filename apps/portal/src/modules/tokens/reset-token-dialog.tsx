import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SelectField } from '../../components/select-field';

/** How long the old secret keeps working after a reset, so programs can switch without an outage. */
const GRACE_CHOICES = [
  { seconds: 0, label: 'No: it stops at once' },
  { seconds: 3600, label: 'For 1 hour' },
  { seconds: 86_400, label: 'For 24 hours' },
];

interface ResetTokenDialogProps {
  tokenId: string;
  onReset: (graceSeconds: number) => Promise<void>;
  onClose: () => void;
}

export function ResetTokenDialog({ tokenId, onReset, onClose }: ResetTokenDialogProps) {
  const [grace, setGrace] = useState(0);
  const chosen = GRACE_CHOICES.find((choice) => choice.seconds === grace) ?? GRACE_CHOICES[0];
  return (
    <ConfirmDialog
      title={`Reset token “${tokenId}”?`}
      confirmLabel="Reset token"
      onConfirm={() => onReset(grace)}
      onClose={onClose}
    >
      <p>
        The token gets a new secret, shown once; its id, description and usage stay.{' '}
        {grace === 0
          ? 'Programs still using the current secret are refused at once.'
          : `The current secret keeps working ${chosen.label.toLowerCase()}, time to switch your programs to the new one.`}
      </p>
      <SelectField
        label="Keep the current secret working"
        name="grace"
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
