import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';

/** `saves-list`: the signed-in user's saved items, newest first. */
export const SAVES_LIST = 'saves-list';
export type SavedItem = { itemId: string; title: string; imageUrl: string | null; nsfw: boolean; savedAt: string };

export function getSaves(signal?: AbortSignal) {
  return callFunction<{ items: SavedItem[] }>(SAVES_LIST, undefined, { method: 'GET', signal });
}

export function useSaves({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: savesKeys.list(), queryFn: ({ signal }) => getSaves(signal), enabled });
}
