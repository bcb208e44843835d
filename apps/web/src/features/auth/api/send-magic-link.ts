import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError } from '@/lib/auth';

export async function sendMagicLink({ email }: { email: string }) {
  const client = await loadAuthClient();
  const { data, error } = await client.signIn.magicLink({ email, callbackURL: '/' });
  if (error) throw toAuthError(error);
  return data;
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
