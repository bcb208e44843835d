import type { FunctionOutput } from '@curio/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { messageKeys } from '@/lib/query-keys';

export type ThreadsPage = FunctionOutput<'dm-threads-list'>;
export type MessagesPage = FunctionOutput<'dm-messages-list'>;
export type Thread = ThreadsPage['threads'][number];
export type Message = MessagesPage['messages'][number];

/** `dm-threads-list`: the user's conversations, latest activity first, with unread counts. */
export function useThreads() {
  return useInfiniteQuery({
    queryKey: messageKeys.threads(),
    queryFn: ({ pageParam, signal }) => callFunction('dm-threads-list', pageParam ? { cursor: pageParam } : {}, { method: 'GET', signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `dm-messages-list`: a thread and its messages, newest first; further pages are older. */
export function useThreadMessages(threadId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(threadId),
    queryFn: ({ pageParam, signal }) => callFunction('dm-messages-list', { threadId, ...(pageParam ? { cursor: pageParam } : {}) }, { method: 'GET', signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}

/** Puts a message into an open thread's cache (first page, newest first) unless it is there already. */
export function addMessageToCache(data: InfiniteData<MessagesPage> | undefined, message: Message): InfiniteData<MessagesPage> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: [message, ...first!.messages] }, ...rest] };
}

/** `dm-send`; the sent message goes into the thread at once, and the thread list is refreshed. */
export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => callFunction('dm-send', { threadId, text }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<InfiniteData<MessagesPage>>(messageKeys.thread(threadId), (data) => addMessageToCache(data, message));
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    },
  });
}

/** `dm-mark-read`: the thread's unread count goes to 0 in the list at once. */
export function useMarkThreadRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => callFunction('dm-mark-read', { threadId }),
    onMutate: (threadId) => {
      queryClient.setQueryData<InfiniteData<ThreadsPage>>(messageKeys.threads(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, threads: page.threads.map((th) => (th.id === threadId ? { ...th, unreadCount: 0 } : th)) })),
            }
          : data,
      );
    },
  });
}

/** `dm-report {threadId, reason}`. */
export function useReportThread() {
  return useMutation({ mutationFn: ({ threadId, reason }: { threadId: string; reason: string }) => callFunction('dm-report', { threadId, reason }) });
}

/** `user-block-toggle` with the state wanted; the thread and the list are reloaded (sending is refused now). */
export function useBlockUser(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ targetUserId, blocked }: { targetUserId: string; blocked: boolean }) => callFunction('user-block-toggle', { targetUserId, blocked }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(threadId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    },
  });
}

/** `dm-thread-upsert`: the one thread with this person (created if needed). */
export function useOpenThread() {
  return useMutation({ mutationFn: (otherUserId: string) => callFunction('dm-thread-upsert', { otherUserId }) });
}

/** People the user may message, by handle or name (the new-conversation search). */
export function useRecipientSearch(q: string) {
  return useQuery({
    queryKey: messageKeys.recipients(q),
    queryFn: ({ signal }) => callFunction('dm-recipients-search', { q }, { method: 'GET', signal }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });
}
