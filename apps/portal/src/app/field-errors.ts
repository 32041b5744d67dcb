import { LotteryApiError } from '@lottery-results/sdk';
import { errorMessage } from './errors';

/** A form's errors: one per field, and `form` for what belongs to no field (the service is down, say). */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Contract messages that name no field in their text but are about one. */
const MESSAGE_FIELDS: Record<string, string> = {
  'Invalid email or password.': 'password',
  'An account with this email already exists.': 'email',
  'Current password is incorrect.': 'currentPassword',
  'This password reset link is invalid, has expired or was already used. Ask for a new one.': 'resetToken',
};

/**
 * Puts an API error next to the field it is about, so that the input can be marked invalid and described by
 * it: the API's validation messages name the field (`Invalid 'password' value. Expected …`), and a few
 * contract messages are known to concern one field. Anything else is the form's.
 */
export function apiFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const message = errorMessage(error);
  if (error instanceof LotteryApiError) {
    const named = MESSAGE_FIELDS[message] ?? /^Invalid '([^']+)' value/.exec(message)?.[1];
    const field = fields.find((f) => f === named);
    if (field) return { [field]: message } as FieldErrors<F>;
  }
  return { form: message } as FieldErrors<F>;
}
