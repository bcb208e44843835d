import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';

export type { SavedItem } from '@curio/contract';

/** `saves-list`: the signed-in user's saved items, newest first. */
export function getSaves(signal?: AbortSignal) {
  return callFunction('saves-list', undefined, { method: 'GET', signal });
}

export function useSaves({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: savesKeys.list(), queryFn: ({ signal }) => getSaves(signal), enabled });
}
