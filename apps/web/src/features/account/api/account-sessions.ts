import type { AccountSession } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

export const accountSessionKeys = { all: ['account', 'sessions'] as const };

export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionKeys.all,
    queryFn: async ({ signal }): Promise<AccountSession[]> => (await callFunction('account-sessions-list', undefined, { method: 'GET', signal })).sessions,
  });
}

/** Ends one other session (the spec's sign-out of one device). */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => callFunction('account-session-revoke', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionKeys.all }),
  });
}

/** The spec's sign-out scopes: `local` (this session), `others` (every other), `global` (all of them). */
export type SignOutScope = 'local' | 'others' | 'global';

export function useSignOutScope() {
  const queryClient = useQueryClient();
  const { signOut } = useAuth();
  return useMutation({
    mutationFn: async (scope: SignOutScope) => {
      const client = await loadAuthClient();
      if (scope === 'others') {
        const { error } = await client.revokeOtherSessions();
        if (error) throw toAuthError(error);
        return;
      }
      if (scope === 'global') {
        const { error } = await client.revokeSessions();
        if (error) throw toAuthError(error);
      }
      // This session last: signOut clears the cookie and goes to the sign-in page.
      await signOut();
    },
    onSettled: (_data, _error, scope) => {
      if (scope === 'others') void queryClient.invalidateQueries({ queryKey: accountSessionKeys.all });
    },
  });
}
