import { useMutation } from '@tanstack/react-query';
import { publicClient } from '../../app/sdk';

/** Registers an account (no credential needed); the page then logs in with it. */
export function useRegister() {
  return useMutation({
    mutationFn: (values: { email: string; password: string }) => publicClient().account.register(values),
  });
}

/** Asks for a password-reset link; the answer says whether an e-mail went out. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => publicClient().account.forgotPassword({ email }),
  });
}

/** Sets a new password with a reset link's token; resolves to a session's JWT. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (values: { resetToken: string; newPassword: string }) =>
      publicClient().account.resetPassword(values),
  });
}
