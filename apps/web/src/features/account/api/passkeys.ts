import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/** A registered passkey as the account page shows it (better-auth's passkey row, without the key). */
export type Passkey = { id: string; name: string | null; createdAt: string | null; lastUsedAt: string | null; deviceType: string; backedUp: boolean };

export const passkeyKeys = { all: ['account', 'passkeys'] as const };

const isoOrNull = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

export async function listPasskeys(): Promise<Passkey[]> {
  const client = await loadAuthClient();
  const { data, error } = await client.passkey.listUserPasskeys();
  if (error) throw toAuthError(error);
  return (data ?? [])
    .map((p) => ({
      id: p.id,
      name: p.name ?? null,
      createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null,
      // A column of ours (auth/plugins/passkey.ts), unknown to the plugin's types.
      lastUsedAt: isoOrNull((p as { lastUsedAt?: string | Date | null }).lastUsedAt),
      deviceType: p.deviceType,
      backedUp: p.backedUp,
    }))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.all, queryFn: listPasskeys });
}

function useInvalidatingMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** Runs the browser's registration ceremony and stores the passkey under `name`. */
export function useAddPasskey() {
  return useInvalidatingMutation(async ({ name }: { name: string }) => {
    const client = await loadAuthClient();
    const result = await client.passkey.addPasskey({ name });
    if (result?.error) throw toAuthError(result.error);
  });
}

export function useRenamePasskey() {
  return useInvalidatingMutation(async ({ id, name }: { id: string; name: string }) => {
    const client = await loadAuthClient();
    const { error } = await client.passkey.updatePasskey({ id, name });
    if (error) throw toAuthError(error);
  });
}

export function useDeletePasskey() {
  return useInvalidatingMutation(async ({ id }: { id: string }) => {
    const client = await loadAuthClient();
    const { error } = await client.passkey.deletePasskey({ id });
    if (error) throw toAuthError(error);
  });
}
