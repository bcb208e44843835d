import { SEARCH_ALL_PEOPLE, SEARCH_ALL_TAGS, SEARCH_DEPTH_MAX, type ExploreCard, type SearchPerson, type SearchResult, type SearchType } from '@curio/contract';
import type { Db } from '../../db/client';
import { createReadService, itemCard, type ReadService } from '../read/read.service';
import { parseSearchQuery } from './search-query';
import { searchRepository, type Searcher } from './search.repository';

export interface SearchRequest {
  q: string;
  type: SearchType;
  cursor?: string;
  limit: number;
}

/**
 * Search (docs/decisions.md "Discovery: search"): titles and tags for items, handles and display
 * names for people, and the tags themselves. The repository finds ids in order under the visibility
 * rules (search.repository.ts, `searchableItems` and `searchablePeople`); the read pipeline hydrates
 * them and applies the rules again, as for every list.
 */
export function createSearchService(db: Db, opts: { read?: Pick<ReadService, 'list' | 'people'> } = {}) {
  const repo = searchRepository(db);
  const read = opts.read ?? createReadService(db);

  async function cards(ids: string[], viewer: Searcher): Promise<ExploreCard[]> {
    if (!ids.length) return [];
    const rows = await read.list(ids, viewer.id, { excludeNsfw: !viewer.includeNsfw, requireImage: true });
    return rows.map(({ item, state }) => ({ ...itemCard(item), ...(viewer.id ? state : {}) }));
  }

  async function people(ids: string[], viewer: Searcher): Promise<SearchPerson[]> {
    if (!ids.length) return [];
    const views = await read.people(ids, viewer.id);
    return views
      .filter((v) => v.access === 'visible')
      .map(({ person, state }) => ({
        id: person.userId,
        handle: person.handle,
        displayName: person.displayName,
        avatarImageId: person.avatarImageId,
        followersCount: person.followersCount,
        viewerFollows: state.following,
      }));
  }

  /** A page's rows, one more asked for than shown to know whether another page follows. */
  const paged = (offset: number, limit: number) => ({ offset, limit: limit + 1 });
  const next = (offset: number, limit: number, more: boolean) => (more && offset + limit < SEARCH_DEPTH_MAX ? String(offset + limit) : null);

  return {
    async search(input: SearchRequest, viewerId: string | null): Promise<SearchResult> {
      const q = parseSearchQuery(input.q);
      const viewer: Searcher = { id: viewerId, includeNsfw: viewerId ? await repo.includeNsfw(viewerId) : false };
      const offset = Math.min(Number(input.cursor ?? 0), SEARCH_DEPTH_MAX);
      const limit = Math.min(input.limit, SEARCH_DEPTH_MAX - offset);
      const empty: SearchResult = { items: [], people: [], tags: [], nextCursor: null };
      if (limit <= 0) return empty;

      if (input.type === 'people') {
        const ids = await repo.people(q, viewer, paged(offset, limit));
        return { ...empty, people: await people(ids.slice(0, limit), viewer), nextCursor: next(offset, limit, ids.length > limit) };
      }
      if (input.type === 'tags') {
        const found = await repo.tags(q, viewer, { offset, limit });
        return { ...empty, tags: found.tags, nextCursor: next(offset, limit, found.more) };
      }
      // Items; with `all`, the first page also holds the best few people (exact matches: their typos are on the People tab) and tags.
      const first = input.type === 'all' && offset === 0;
      const [ids, personIds, tags] = await Promise.all([
        repo.items(q, viewer, paged(offset, limit)),
        first ? repo.people(q, viewer, { offset: 0, limit: SEARCH_ALL_PEOPLE }, { typos: false }) : Promise.resolve([]),
        first ? repo.tags(q, viewer, { offset: 0, limit: SEARCH_ALL_TAGS }).then((t) => t.tags) : Promise.resolve([]),
      ]);
      const [itemCards, found] = await Promise.all([cards(ids.slice(0, limit), viewer), people(personIds, viewer)]);
      return { items: itemCards, people: found, tags, nextCursor: next(offset, limit, ids.length > limit) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
