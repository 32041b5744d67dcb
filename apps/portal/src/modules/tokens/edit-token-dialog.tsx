import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Dialog } from '../../components/dialog';
import { Field } from '../../components/field';
import { errorMessage } from '../../app/errors';

interface EditTokenDialogProps {
  tokenId: string;
  description: string;
  onSave: (description: string) => Promise<void>;
  onClose: () => void;
}

export function EditTokenDialog({ tokenId, description, onSave, onClose }: EditTokenDialogProps) {
  const [value, setValue] = useState(description);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onSave(value.trim());
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Edit token “${tokenId}”`} onClose={onClose}>
      <form onSubmit={submit}>
        <Alert>{error}</Alert>
        <Field
          label="Description"
          name="edit-description"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-autofocus
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
