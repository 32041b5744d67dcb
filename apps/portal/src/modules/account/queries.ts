import { useMutation, useQuery } from '@tanstack/react-query';
import type { CancelledEmailChange } from '../../app/api-types';
import { publicClient } from '../../app/sdk';
import { useClient, useSession } from '../../app/session';

export interface ChangeEmailValues {
  email: string;
  password: string;
}

/**
 * Asks for a new e-mail address. The answer says how it goes on: `email`, a link went to the new address (the
 * address changes when it is opened); `changed`, the address changed at once, and the session reads the profile
 * again so that the header and this page show it.
 */
export function useChangeEmail() {
  const client = useClient();
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: ({ email, password }: ChangeEmailValues) =>
      client.account.changeEmail({ email: email.trim(), password }),
    onSuccess: async (result) => {
      if (result.delivery === 'changed') await refreshProfile();
    },
  });
}

/** A link read once, when its page opens: kept as a query so that a second render or mount asks nothing more. */
const ONCE = {
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
} as const;

/** The confirmation link's keys: one per token, so that a link is confirmed once however often the page renders. */
export const confirmEmailKeys = {
  link: (token: string) => ['confirm-email', token] as const,
};

/**
 * Confirms the change of a link once, when its page opens (a read that writes, kept as a query so that a second
 * render or mount asks nothing more: the link works once). Whoever is logged in here has the profile read again.
 */
export function useConfirmEmail(token: string) {
  const { client, refreshProfile } = useSession();
  return useQuery({
    queryKey: confirmEmailKeys.link(token),
    queryFn: async () => {
      const confirmed = await publicClient().account.confirmEmail({ token });
      if (client) await refreshProfile().catch(() => undefined);
      return confirmed;
    },
    enabled: token !== '',
    ...ONCE,
  });
}

/**
 * The cancellations asked in this page's life, by token. Cancelling ends every session, this browser's too, and
 * logging out empties the query cache: the answer must outlive it, or the page would ask again (and be told the
 * link was used).
 */
const cancellations = new Map<string, Promise<CancelledEmailChange>>();

/**
 * Cancels the e-mail change of a "this wasn't me" link once, when its page opens. Every session of the account
 * ends with it, so a session in this browser is logged out by the page.
 */
export function useCancelEmailChange(token: string) {
  return useQuery({
    queryKey: ['cancel-email', token],
    queryFn: () => {
      let cancellation = cancellations.get(token);
      if (!cancellation) {
        cancellation = publicClient().account.cancelEmailChange({ token });
        cancellations.set(token, cancellation);
      }
      return cancellation;
    },
    enabled: token !== '',
    ...ONCE,
  });
}

/**
 * Verifies the address of a verification link once, when its page opens. Whoever is logged in here has the profile
 * read again (it now holds the license).
 */
export function useVerifyEmail(token: string) {
  const { client, refreshProfile } = useSession();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const verified = await publicClient().account.verifyEmail({ token });
      if (client) await refreshProfile().catch(() => undefined);
      return verified;
    },
    enabled: token !== '',
    ...ONCE,
  });
}

/** Sends the verification link again (at most one e-mail a minute: the API answers 429 otherwise). */
export function useResendVerification() {
  const client = useClient();
  return useMutation({ mutationFn: () => client.account.resendVerification() });
}

/** Deleting the account (the password typed again, as the API asks). */
export function useDeleteAccount() {
  const client = useClient();
  return useMutation({ mutationFn: (password: string) => client.account.delete({ password }) });
}

/** Changes the password; resolves to the new JWT (every one issued before is refused from then on). */
export function useChangePassword() {
  const client = useClient();
  return useMutation({
    mutationFn: (change: { currentPassword: string; newPassword: string }) =>
      client.account.changePassword(change),
  });
}
