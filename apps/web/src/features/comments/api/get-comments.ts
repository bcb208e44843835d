import { COMMENT_PAGE, type Comment, type CommentsPage } from '@curio/contract';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';

export type ItemComment = Comment;
export type { CommentsPage } from '@curio/contract';

/** `comments-list`: an item's comments, newest first, 20 at a time with a cursor. */
export function getComments(itemId: string, cursor: string | undefined, signal?: AbortSignal) {
  return callFunction('comments-list', { itemId, limit: COMMENT_PAGE, cursor }, { method: 'GET', signal });
}

export function useComments(itemId: string) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(itemId),
    queryFn: ({ pageParam, signal }) => getComments(itemId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Changes the cached comment pages of an item (e.g. after posting or deleting). */
export function updateCommentPages(
  queryClient: QueryClient,
  itemId: string,
  update: (data: InfiniteData<CommentsPage, string | undefined>) => InfiniteData<CommentsPage, string | undefined>,
) {
  queryClient.setQueryData<InfiniteData<CommentsPage, string | undefined>>(commentKeys.list(itemId), (data) => (data ? update(data) : data));
}
