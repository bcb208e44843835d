import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { profileReads } from '../profiles/profiles.service';
import { profileVisible } from '../read/visibility';
import type { SocialService } from '../social/social.service';
import { socialRecords } from '../social/social-records.service';
import { analyticsRepository } from './analytics.repository';
import { itemViewsRepository } from './item-views.repository';
import { profileViewsRepository } from './profile-views.repository';
import { createViewerKeys, utcDay } from '../../lib/viewer-key';

const MAX_PROPS_BYTES = 4096;
const DAY_MS = 24 * 60 * 60 * 1000;
/** What the consent banner promises: no viewer after 30 days, no event after 90. */
export const ANALYTICS_ANONYMIZE_DAYS = 30;
export const ANALYTICS_DELETE_DAYS = 90;
const itemViewProps = z.object({ itemId: z.string().uuid() }).passthrough();
const profileViewProps = z.object({ handle: z.string().min(1).max(64) }).passthrough();

/** Do-Not-Track or Global Privacy Control sent by the browser. */
export const sendsDoNotTrack = (headers: Headers) => headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';

export interface AnalyticsDeps {
  /** `visibleItem`: the item when this viewer may see it; throws not_found otherwise (hidden, private owner, none). */
  social: Pick<SocialService, 'visibleItem'>;
  /** The server secret the viewer hashes are keyed with. */
  secret: string;
}

export function createAnalyticsService(db: Db, deps: AnalyticsDeps) {
  const repo = analyticsRepository(db);
  const keys = createViewerKeys(deps.secret);
  const visibleItemOrNull = (itemId: string, viewerId: string | null) =>
    deps.social.visibleItem(itemId, viewerId).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
  return {
    /**
     * The daily retention job: strips the viewer from events past 30 days, deletes those past 90, and
     * the counted views past 90 (the item's view total stays).
     */
    async applyRetention(now = new Date()) {
      const deleted = await repo.deleteBefore(new Date(now.getTime() - ANALYTICS_DELETE_DAYS * DAY_MS));
      const anonymized = await repo.anonymizeBefore(new Date(now.getTime() - ANALYTICS_ANONYMIZE_DAYS * DAY_MS));
      const countedViews = await itemViewsRepository(db).deleteBefore(new Date(now.getTime() - ANALYTICS_DELETE_DAYS * DAY_MS));
      const countedProfileViews = await profileViewsRepository(db).deleteBefore(new Date(now.getTime() - ANALYTICS_DELETE_DAYS * DAY_MS));
      return { anonymized, deleted, countedViews, countedProfileViews };
    },
    /**
     * Stores an event unless the visitor sends Do-Not-Track or has opted out (the browser does not
     * send events at all after declining consent). Rate limited per viewer by the contract's policy. An item_view of an item
     * the viewer may not see (hidden, private owner, unknown) is not stored. A view counts once per
     * viewer, item and UTC day, and never the owner's. Returns whether the event was stored.
     */
    async track(
      event: { name: string; props: Record<string, unknown>; path: string },
      viewer: { userId: string | null; headers: Headers; clientIp: string | null },
    ): Promise<boolean> {
      if (JSON.stringify(event.props).length > MAX_PROPS_BYTES) {
        throw badRequest('Event properties are too large', { props: 'too_long' });
      }
      const who = { userId: viewer.userId, address: viewer.clientIp, userAgent: viewer.headers.get('user-agent') };
      if (sendsDoNotTrack(viewer.headers)) return false;
      if (viewer.userId && (await repo.isOptedOut(viewer.userId))) return false;
      let itemId: string | null = null;
      let countsAsView = false;
      if (event.name === 'item_view') {
        const props = itemViewProps.safeParse(event.props);
        if (!props.success) throw badRequest('item_view needs the itemId', { 'props.itemId': 'invalid_format' });
        const item = await visibleItemOrNull(props.data.itemId, viewer.userId);
        if (!item) return false;
        itemId = item.id;
        countsAsView = viewer.userId !== item.userId;
      }
      // A profile_view (spec part 1 §9: with the handle) counts like an item view: once per viewer,
      // profile and UTC day, never the owner's; a profile the viewer may not see (private, or hidden
      // by a moderator) stores nothing.
      let viewedProfile: string | null = null;
      if (event.name === 'profile_view') {
        const props = profileViewProps.safeParse(event.props);
        if (!props.success) throw badRequest('profile_view needs the handle', { 'props.handle': 'invalid_format' });
        const profile = (await profileReads(db).findByHandle(props.data.handle.toLowerCase())) ?? null;
        if (!profile || !profileVisible(profile, viewer.userId)) return false;
        if (profile.userId !== viewer.userId) viewedProfile = profile.userId;
      }
      await repo.insert({ ...event, userId: viewer.userId, itemId });
      if (viewedProfile) {
        const day = utcDay(new Date());
        await profileViewsRepository(db).record({ profileUserId: viewedProfile, day, viewer: keys.dailyViewer(day, who) });
      }
      if (countsAsView && itemId) {
        const day = utcDay(new Date());
        const view = { itemId, day, viewer: keys.dailyViewer(day, who) };
        await db.transaction(async (tx) => {
          if (await itemViewsRepository(tx).record(view)) await socialRecords(tx).addView(view.itemId);
        });
      }
      return true;
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
