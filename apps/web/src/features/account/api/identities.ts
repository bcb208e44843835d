import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OIDC_PROVIDER_ID } from '@/lib/oidc';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/** One way of signing in recorded on the account (better-auth's account row, without tokens). */
export type Identity = { id: string; providerId: string; accountId: string; createdAt: string | null };

export const identityKeys = { all: ['account', 'identities'] as const };

export async function listIdentities(): Promise<Identity[]> {
  const client = await loadAuthClient();
  const { data, error } = await client.listAccounts();
  if (error) throw toAuthError(error);
  return (data ?? []).map((a) => ({
    id: a.id,
    providerId: a.providerId,
    accountId: a.accountId,
    createdAt: a.createdAt ? new Date(a.createdAt).toISOString() : null,
  }));
}

export function useIdentities() {
  return useQuery({ queryKey: identityKeys.all, queryFn: listIdentities });
}

/** Where the provider sends the browser back after a link: `?linked=oidc`, or `?via=oidc&error=<code>`. */
export const LINK_RETURN_PATH = '/settings/account';
export const LINK_RETURN_MARK = OIDC_PROVIDER_ID;

/** Sends the browser to the provider to link an identity to this account; it comes back to the settings. */
export function useLinkOidc() {
  return useMutation({
    mutationFn: async () => {
      const client = await loadAuthClient();
      const { data, error } = await client.linkSocial({
        provider: OIDC_PROVIDER_ID,
        callbackURL: `${LINK_RETURN_PATH}?linked=${OIDC_PROVIDER_ID}`,
        errorCallbackURL: `${LINK_RETURN_PATH}?via=${LINK_RETURN_MARK}`,
        disableRedirect: true,
      });
      if (error) throw toAuthError(error);
      if (!data?.url) throw toAuthError({ status: 500, code: 'no_redirect' });
      window.location.assign(data.url);
      // The page is leaving: stay pending until it does.
      await new Promise(() => undefined);
    },
  });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.unlinkAccount({ accountId: id });
      if (error) throw toAuthError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityKeys.all }),
  });
}
