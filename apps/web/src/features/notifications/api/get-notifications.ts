import type { FunctionOutput } from '@curio/contract';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

type Page = FunctionOutput<'notifications-list'>;

/**
 * `notifications-list`: one page, newest first (likes of one item grouped); the next after `cursor`,
 * so notifications arriving meanwhile never repeat an entry on "Load more".
 */
export function getNotifications(cursor: string | undefined, signal?: AbortSignal) {
  return callFunction('notifications-list', cursor ? { cursor } : {}, { method: 'GET', signal });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `notifications-mark-read`: all of them (no ids), or the grouped ids of one entry. Updates the list and the bell at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => callFunction('notifications-mark-read', ids ? { ids } : {}),
    onMutate: (ids) => {
      const wanted = ids ? new Set(ids) : null;
      queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notifications: page.notifications.map((n) => (!wanted || n.ids.some((id) => wanted.has(id)) ? { ...n, seen: true } : n)),
              })),
            }
          : data,
      );
      if (!ids) queryClient.setQueryData(notificationKeys.unseenCount(), { count: 0 });
    },
    onSuccess: (result) => queryClient.setQueryData(notificationKeys.unseenCount(), { count: result.unseenCount }),
    onError: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
