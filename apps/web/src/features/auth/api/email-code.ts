import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';
import { currentTwoFactorChallenge } from '@/lib/two-factor-challenge';

/** Mails a one-time sign-in code (an address without an account gets one too: it is created on sign-in). */
export async function sendSignInCode({ email }: { email: string }) {
  const client = await loadAuthClient();
  const { error } = await client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
  if (error) throw toAuthError(error);
}

export function useSendSignInCode() {
  return useMutation({ mutationFn: sendSignInCode });
}

/** Signs in with the mailed code, then re-reads the session (unless a second factor is asked for). */
export function useSignInWithCode() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async ({ email, otp }: { email: string; otp: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.signIn.emailOtp({ email, otp });
      if (error) throw toAuthError(error);
      if (!currentTwoFactorChallenge()) await refreshSession();
    },
  });
}
