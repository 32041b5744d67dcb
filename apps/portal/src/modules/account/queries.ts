import { useMutation, useQuery } from '@tanstack/react-query';
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
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
