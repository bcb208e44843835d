import { implement } from '../../lib/functions';
import type { SearchService } from './search.service';

export const searchFunctions = (search: SearchService) =>
  implement({
    search: (input, { user }) => search.search(input, user?.id ?? null),
  });
