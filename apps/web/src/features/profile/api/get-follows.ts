import { useInfiniteQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

export type FollowKind = 'followers' | 'following';

/** `follows-list`: one page of someone's followers or of the people they follow. */
export function getFollows(handle: string, kind: FollowKind, cursor: string | undefined, signal?: AbortSignal) {
  return callFunction('follows-list', { handle, kind, ...(cursor ? { cursor } : {}) }, { method: 'GET', signal });
}

export function useFollows(handle: string, kind: FollowKind, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: profileKeys.follows(handle.toLowerCase(), kind),
    queryFn: ({ pageParam, signal }) => getFollows(handle, kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}
