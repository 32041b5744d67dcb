import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  /** What is wrong with the value: shown under the text area, which is marked invalid and described by it. */
  error?: string;
}

/** A labelled text area, with its hint and error wired as `Field` wires an input's. */
export function TextAreaField({ label, hint, error, id, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const areaId = id ?? generated;
  const hintId = hint ? `${areaId}-hint` : undefined;
  const errorId = error ? `${areaId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint && (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
