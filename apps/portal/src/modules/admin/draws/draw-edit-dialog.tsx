import type { AdminDraw } from '../../../app/api-types';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { errorMessage } from '../../../app/errors';
import { useClient } from '../../../app/session';

/** A group of numbers in draw order, as the form shows it: "7 18 49 46 15". */
export const groupText = (draw: AdminDraw, special: boolean): string =>
  draw.numbers
    .filter((n) => n.special === special)
    .sort((a, b) => a.order - b.order)
    .map((n) => n.value)
    .join(' ');

/** "7, 18 49" → [7, 18, 49]; null when something else than whole numbers was typed. */
function parseNumbers(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.every((part) => /^\d+$/.test(part)) ? parts.map(Number) : null;
}

/**
 * Corrects one stored draw: its numbers in draw order, checked by the API against the rules of the draw's date
 * (its refusal is shown here, and the dialog stays open).
 */
export function DrawEditDialog({
  tag,
  draw,
  onSaved,
  onClose,
}: {
  tag: string;
  draw: AdminDraw;
  onSaved: (message: string) => void;
  onClose: () => void;
}) {
  const client = useClient();
  const [main, setMain] = useState(() => groupText(draw, false));
  const [special, setSpecial] = useState(() => groupText(draw, true));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mainNumbers = parseNumbers(main);
    const specialNumbers = parseNumbers(special);
    if (!mainNumbers || !specialNumbers) {
      setError('Type whole numbers separated by spaces, in the order they were drawn.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await client.admin.draws.put(tag, draw.date, { main: mainNumbers, special: specialNumbers });
      onSaved(
        `The draw of ${draw.date} now holds ${mainNumbers.join(' ')}${specialNumbers.length ? ` + ${specialNumbers.join(' ')}` : ''}.`,
      );
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Draw of ${draw.date}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="small muted">
          Numbers in the order they were drawn. Clients see the change at once, on every instance.
        </p>
        <Alert>{error}</Alert>
        <Field
          label="Main numbers"
          name="draw-main"
          value={main}
          onChange={(e) => setMain(e.target.value)}
          data-autofocus
        />
        <Field
          label="Special numbers"
          name="draw-special"
          value={special}
          onChange={(e) => setSpecial(e.target.value)}
          hint="Empty when the lottery draws none."
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save draw'}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
