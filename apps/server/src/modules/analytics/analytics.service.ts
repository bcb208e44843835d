import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { analyticsRepository } from './analytics.repository';

const MAX_PROPS_BYTES = 4096;

/** Do-Not-Track or Global Privacy Control sent by the browser. */
export const sendsDoNotTrack = (headers: Headers) => headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';

export function createAnalyticsService(db: Db) {
  const repo = analyticsRepository(db);
  return {
    /**
     * Stores an event unless the visitor sends Do-Not-Track or has opted out (the browser does not
     * send events at all after declining consent). Returns whether it was stored.
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
      await repo.insert({ ...event, userId: viewer.userId });
      return true;
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
