import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/field';
import { MIN_PASSWORD } from './password';

interface NewPasswordFieldsProps {
  /** "Password" when registering, "New password" when changing or resetting one. */
  label: string;
  repeatLabel: string;
  /** The two inputs, registered with the form (react-hook-form). */
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
  /** Said after the length rule (e.g. what the change does to other sessions). */
  note?: string;
}

/** A new password typed twice, with the length rule said up front: register, change and reset share it. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { label, repeatLabel, password, confirm, errors, note } = props;
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        hint={`At least ${MIN_PASSWORD} characters.${note ? ` ${note}` : ''}`}
        {...password}
        error={errors.password}
      />
      <Field
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        required
        {...confirm}
        error={errors.confirm}
      />
    </>
  );
}
