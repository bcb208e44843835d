import { implement } from '../../lib/functions';
import type { ExploreService } from './explore.service';

export const exploreFunctions = (explore: ExploreService) =>
  implement({
    'explore-list': (input, { user }) => explore.list(input, user?.id ?? null),
    'explore-top-tags': (input) => explore.topTags(input),
  });
