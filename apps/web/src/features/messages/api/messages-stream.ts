import { API_PATHS, MESSAGE_EVENTS, messageEventSchema, threadReadEventSchema } from '@curio/contract';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messageKeys } from '@/lib/query-keys';
import { firstTimeSeen, parseEventData } from '@/lib/sse';
import { addMessageToCache, type Message, type MessagesPage } from './threads';

/** The live messages stream (server-sent events, same origin, the session cookie). */
export const MESSAGES_STREAM_URL = `${API_PATHS.realtime}/messages`;

/**
 * While the messages pages are open: each new message goes into its thread (when loaded) and the
 * thread list refreshes; `onMessage` lets the open conversation mark it read. The browser reconnects
 * by itself (with `Last-Event-ID`); the stream closes on unmount.
 */
export function useMessagesStream(onMessage?: (message: Message) => void) {
  const queryClient = useQueryClient();
  const callback = useRef(onMessage);
  useEffect(() => {
    callback.current = onMessage;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(MESSAGES_STREAM_URL);
    const fresh = firstTimeSeen();
    source.addEventListener(MESSAGE_EVENTS.message, (e) => {
      if (!fresh(e as MessageEvent)) return;
      const event = parseEventData(messageEventSchema, (e as MessageEvent).data);
      if (!event) return;
      queryClient.setQueryData<InfiniteData<MessagesPage>>(messageKeys.thread(event.threadId), (data) => addMessageToCache(data, event.message));
      void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
      callback.current?.(event.message);
    });
    source.addEventListener(MESSAGE_EVENTS.read, (e) => {
      if (fresh(e as MessageEvent) && parseEventData(threadReadEventSchema, (e as MessageEvent).data))
        void queryClient.invalidateQueries({ queryKey: messageKeys.threads() });
    });
    return () => source.close();
  }, [queryClient]);
}
