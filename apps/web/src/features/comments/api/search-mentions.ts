import { MENTION_MIN } from '@curio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';

export type { MentionSuggestion } from '@curio/contract';

/** `mentions-search`: handles starting with `q` (2+ characters). */
export function searchMentions(q: string, signal?: AbortSignal) {
  return callFunction('mentions-search', { q }, { method: 'GET', signal });
}

export function useMentionSearch(q: string | null) {
  const query = q ?? '';
  return useQuery({
    queryKey: commentKeys.mentions(query.toLowerCase()),
    queryFn: ({ signal }) => searchMentions(query, signal),
    enabled: query.length >= MENTION_MIN,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
