import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { itemPagesRepository } from '../items/item-pages.repository';
import { statsRepository } from '../social/stats.repository';
import { analyticsRepository } from './analytics.repository';

const MAX_PROPS_BYTES = 4096;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the consent banner promises: no viewer after 30 days, no event after 90. */
export const ANALYTICS_ANONYMIZE_DAYS = 30;
export const ANALYTICS_DELETE_DAYS = 90;
const itemViewProps = z.object({ itemId: z.string().uuid() }).passthrough();

/** Do-Not-Track or Global Privacy Control sent by the browser. */
export const sendsDoNotTrack = (headers: Headers) => headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';

export function createAnalyticsService(db: Db, deps: { isAdmin: (userId: string) => Promise<boolean> }) {
  const repo = analyticsRepository(db);
  return {
    /** The daily retention job: strips the viewer from events past 30 days, deletes those past 90. */
    async applyRetention(now = new Date()) {
      const deleted = await repo.deleteBefore(new Date(now.getTime() - ANALYTICS_DELETE_DAYS * DAY_MS));
      const anonymized = await repo.anonymizeBefore(new Date(now.getTime() - ANALYTICS_ANONYMIZE_DAYS * DAY_MS));
      return { anonymized, deleted };
    },
    /**
     * Stores an event unless the visitor sends Do-Not-Track or has opted out (the browser does not
     * send events at all after declining consent). An item view counts only for an item the viewer
     * may see unhidden, or for its owner or an admin. Returns whether it was stored.
     */
    async track(
      event: { name: string; props: Record<string, unknown>; path: string },
      viewer: { userId: string | null; headers: Headers },
    ): Promise<boolean> {
      if (JSON.stringify(event.props).length > MAX_PROPS_BYTES) {
        throw badRequest('Event properties are too large', { props: 'Event properties are too large' });
      }
      if (sendsDoNotTrack(viewer.headers)) return false;
      if (viewer.userId && (await repo.isOptedOut(viewer.userId))) return false;
      let itemId: string | null = null;
      let countsAsView = false;
      if (event.name === 'item_view') {
        const props = itemViewProps.safeParse(event.props);
        if (!props.success) throw badRequest('item_view needs the itemId', { 'props.itemId': 'Not a valid id' });
        const row = await itemPagesRepository(db).findWithOwner(props.data.itemId);
        if (!row) return false;
        const isOwner = viewer.userId === row.item.userId;
        if (row.item.hidden && !isOwner && !(viewer.userId && (await deps.isAdmin(viewer.userId)))) return false;
        itemId = row.item.id;
        countsAsView = !isOwner;
      }
      await repo.insert({ ...event, userId: viewer.userId, itemId });
      if (countsAsView && itemId) await statsRepository(db).addView(itemId);
      return true;
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
