import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** `notifications-unseen-count`: how many notifications the user has not seen (the bell's red dot). */
export function getUnseenCount(): Promise<{ count: number }> {
  return callFunction('notifications-unseen-count', undefined, { method: 'GET' });
}

export function useUnseenCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: notificationKeys.unseenCount(), queryFn: getUnseenCount, enabled, refetchInterval: 60_000 });
}
