import { implement } from '../../lib/functions';
import type { ExploreService } from './explore.service';

export const exploreFunctions = (explore: ExploreService) =>
  implement({
    'explore-list': (input) => explore.list(input),
    'explore-top-tags': (input) => explore.topTags(input),
  });
