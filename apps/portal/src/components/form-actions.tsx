import type { ReactNode } from 'react';

interface FormActionsProps {
  /** The form is being sent: its button says so and cannot be pressed again. */
  busy: boolean;
  /** The submit button's words, and what it says while busy. */
  label: string;
  busyLabel?: string;
  /** A destructive submit (deleting an account) is red. */
  danger?: boolean;
  /** Cancel closes the dialog; a form that is not in one may have none. */
  onCancel?: () => void;
  /** More buttons, between the submit and Cancel (remove what is edited, say). */
  children?: ReactNode;
  className?: string;
}

/** The footer of a form in a dialog: submit first, Cancel last, as every dialog of the portal has them. */
export function FormActions({
  busy,
  label,
  busyLabel = 'Saving…',
  danger = false,
  onCancel,
  children,
  className,
}: FormActionsProps) {
  return (
    <div className={className ? `actions ${className}` : 'actions'}>
      <button type="submit" className={danger ? 'danger' : undefined} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {children}
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
