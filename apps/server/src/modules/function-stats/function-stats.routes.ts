import { implement } from '../../lib/functions';
import type { FunctionStatsService } from './function-stats.service';

export const functionStatsFunctions = (stats: FunctionStatsService) =>
  implement({
    'admin-function-stats': async () => stats.summary(),
  });
