import { analyticsTrackSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { AnalyticsService } from './analytics.service';

export const analyticsFunctions = (analytics: AnalyticsService) => [
  defineFunction({
    name: 'analytics-track',
    auth: 'optional',
    input: analyticsTrackSchema,
    handler: async (input, { user, headers }) => ({
      stored: await analytics.track(input, { userId: user?.id ?? null, headers }),
    }),
  }),
];
