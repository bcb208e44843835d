import { implement } from '../../lib/functions';
import type { AnalyticsService } from './analytics.service';

export const analyticsFunctions = (analytics: AnalyticsService) =>
  implement({
    'analytics-track': async (input, { user, headers, clientIp }) => ({
      stored: await analytics.track(input, { userId: user?.id ?? null, headers, clientIp }),
    }),
  });
