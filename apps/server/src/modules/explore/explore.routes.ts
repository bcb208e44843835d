import type { ExploreListResult } from '@curio/contract';
import { implement, sharedAnswer } from '../../lib/functions';
import type { ExploreService } from './explore.service';

export const exploreFunctions = (explore: ExploreService) => {
  // A guest's page is the cached page itself (no overlay): the same answer, serialized once, for
  // every guest of the snapshot window. Keyed by the cached cards, so it goes with them.
  const guestAnswers = new WeakMap<object, ExploreListResult>();
  return implement({
    'explore-list': async (input, { user }) => {
      const result = await explore.list(input, user?.id ?? null);
      if (user) return result;
      const known = guestAnswers.get(result.items);
      if (known && known.nextPage === result.nextPage && known.snapshot === result.snapshot) return known;
      // A first page (no snapshot asked for) may be answered before routing until its window ends.
      guestAnswers.set(result.items, sharedAnswer(result, input.snapshot ? undefined : explore.currentWhile(result.snapshot)));
      return result;
    },
    'explore-top-tags': (input) => explore.topTags(input),
  });
};
