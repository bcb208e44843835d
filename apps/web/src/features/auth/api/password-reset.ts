import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/**
 * Mails a link to set a new password. The server answers the same whether or not the address has an
 * account, so the form always says "if an account uses this address, a link is on its way".
 */
export async function requestPasswordReset({ email }: { email: string }) {
  const client = await loadAuthClient();
  const { error } = await client.requestPasswordReset({ email });
  if (error) throw toAuthError(error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Sets the new password with the token from the mail's link (single use, one hour). */
export async function resetPassword({ token, newPassword }: { token: string; newPassword: string }) {
  const client = await loadAuthClient();
  const { error } = await client.resetPassword({ token, newPassword });
  if (error) throw toAuthError(error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
