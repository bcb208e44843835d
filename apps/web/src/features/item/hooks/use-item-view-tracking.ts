import { useEffect, useRef } from 'react';
import { track } from '@/lib/analytics';
import type { ItemGetResult } from '../api/get-item';

/**
 * Sends `item_view` once per item when it has loaded and may be shown: not hidden, or seen by its owner
 * or an admin. The NSFW gate does not hold it back. Consent and Do-Not-Track are the queue's business.
 */
export function useItemViewTracking(data: ItemGetResult | undefined) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!data || data.access !== 'visible') return;
    const { item, viewer } = data;
    if (item.hidden && !viewer.isOwner && !viewer.isAdmin) return;
    if (sent.current === item.id) return;
    sent.current = item.id;
    track('item_view', { itemId: item.id }, window.location.pathname);
  }, [data]);
}
