import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';
import { track } from '@/lib/analytics';
import type { Credentials } from './sign-in';

/** The account's name defaults to the part of the address before the @. */
export function nameFromEmail(email: string) {
  return email.split('@')[0] || email;
}

export async function signUpWithEmail({ email, password }: Credentials) {
  const client = await loadAuthClient();
  // The confirmation mail's link comes back to this page, which says whether it worked.
  const { data, error } = await client.signUp.email({ email, password, name: nameFromEmail(email), callbackURL: paths.emailVerified.getHref() });
  if (error) throw toAuthError(error);
  return data;
}

export function useSignUp() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async (input: Credentials) => {
      await signUpWithEmail(input);
      // No session: the address has an account (its owner was mailed); nothing was signed up.
      if (await refreshSession()) track('signup_completed');
    },
  });
}
