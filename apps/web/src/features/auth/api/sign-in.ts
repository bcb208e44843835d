import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

export type Credentials = { email: string; password: string };

export async function signInWithEmail({ email, password }: Credentials) {
  const client = await loadAuthClient();
  const { data, error } = await client.signIn.email({ email, password });
  if (error) throw toAuthError(error);
  return data;
}

/** Signs in, then re-reads the session so that the whole app sees the user. */
export function useSignIn() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async (input: Credentials) => {
      await signInWithEmail(input);
      await refreshSession();
    },
  });
}
