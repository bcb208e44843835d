import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

export const emailPasswordKeys = { hasPassword: ['account', 'has-password'] as const };

/** Whether the account has a password (a credential account); magic-link-only accounts have none. */
export async function fetchHasPassword(): Promise<boolean> {
  const client = await loadAuthClient();
  const { data, error } = await client.listAccounts();
  if (error) throw toAuthError(error);
  return (data ?? []).some((a) => a.providerId === 'credential');
}

export function useHasPassword() {
  return useQuery({ queryKey: emailPasswordKeys.hasPassword, queryFn: fetchHasPassword });
}

/** Changes the password; every other session ends (this browser gets a fresh one). */
export function useChangePassword() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
      if (error) throw toAuthError(error);
      await refreshSession();
    },
  });
}

/** Where the link in the mail to the new address comes back to. */
export const EMAIL_CHANGED_CALLBACK = '/settings/account?emailChanged=1';

/** Mails a link to the new address (and a notice to the old); nothing changes until it is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async ({ newEmail }: { newEmail: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.changeEmail({ newEmail, callbackURL: EMAIL_CHANGED_CALLBACK });
      if (error) throw toAuthError(error);
    },
  });
}

/** Sends the address-confirmation mail again. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.sendVerificationEmail({ email, callbackURL: '/settings/account?emailVerified=1' });
      if (error) throw toAuthError(error);
    },
  });
}

/** A link to set a password, for an account that has none (the reset mail says so). */
export function useSetPasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email }: { email: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.requestPasswordReset({ email });
      if (error) throw toAuthError(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailPasswordKeys.hasPassword }),
  });
}
