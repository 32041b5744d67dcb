import { Field } from '../../components/field';
import { MIN_PASSWORD } from './password';

interface NewPasswordFieldsProps {
  /** "Password" when registering, "New password" when changing or resetting one. */
  label: string;
  repeatLabel: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm?: string };
  /** Said after the length rule (e.g. what the change does to other sessions). */
  note?: string;
}

/** A new password typed twice, with the length rule said up front: register, change and reset share it. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { label, repeatLabel, password, confirm, onPassword, onConfirm, errors, note } = props;
  return (
    <>
      <Field
        label={label}
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        hint={`At least ${MIN_PASSWORD} characters.${note ? ` ${note}` : ''}`}
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={errors.password}
      />
      <Field
        label={repeatLabel}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => onConfirm(e.target.value)}
        error={errors.confirm}
      />
    </>
  );
}
