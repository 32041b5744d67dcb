import { useState, type ReactNode } from 'react';
import { Alert } from './alert';
import { Dialog } from './dialog';
import { errorMessage } from '../app/errors';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The action; an error it throws is shown in the dialog, which then stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <Alert>{error}</Alert>
      <div className="actions">
        <button type="button" className="danger" onClick={confirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="secondary" onClick={onClose} data-autofocus>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
