import { implement } from '../../lib/functions';
import type { InsightsService } from './insights.service';

export const insightsFunctions = (insights: InsightsService) =>
  implement({
    'insights-summary': (_input, { user }) => insights.summary(user.id),
  });
