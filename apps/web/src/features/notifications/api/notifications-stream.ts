import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_PATHS, NOTIFICATION_EVENTS, notificationCreatedEventSchema, unseenEventSchema } from '@curio/contract';
import { notificationKeys, siteKeys } from '@/lib/query-keys';
import { firstTimeSeen, parseEventData } from '@/lib/sse';

/** The live notifications stream (server-sent events, same origin, the session cookie). */
export const NOTIFICATIONS_STREAM_URL = `${API_PATHS.realtime}/notifications`;

/**
 * Keeps the unseen count in the query cache live while mounted: the count on connect, then each new
 * notification's count. The browser reconnects by itself (sending `Last-Event-ID`, so nothing is
 * missed); the stream closes on unmount, which sign-out causes (the signed-in header goes away).
 */
export function useNotificationsStream({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(NOTIFICATIONS_STREAM_URL);
    const fresh = firstTimeSeen();
    const setCount = (count: number) => queryClient.setQueryData(notificationKeys.unseenCount(), { count });
    source.addEventListener(NOTIFICATION_EVENTS.unseen, (e) => {
      const event = parseEventData(unseenEventSchema, (e as MessageEvent).data);
      if (event) setCount(event.count);
    });
    source.addEventListener(NOTIFICATION_EVENTS.created, (e) => {
      if (!fresh(e as MessageEvent)) return;
      const event = parseEventData(notificationCreatedEventSchema, (e as MessageEvent).data);
      if (event) {
        setCount(event.unseenCount);
        // The notifications page (when open) shows the new entry without a reload.
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      }
    });
    // An admin changed the site settings (maintenance mode, the announcement): read them again now, not at the next
    // minute's refresh (an open add-item wizard turns Generate off or on at once).
    source.addEventListener(NOTIFICATION_EVENTS.siteSettings, () => void queryClient.invalidateQueries({ queryKey: siteKeys.settings() }));
    return () => source.close();
  }, [enabled, queryClient]);
}
