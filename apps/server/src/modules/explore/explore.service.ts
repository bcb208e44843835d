import { EXPLORE_PAGE_SIZE, type ExploreCard, type ExploreListResult, type ExploreSort, type TimeRange } from '@curio/contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { VISIBILITY_EVENTS, type DomainEvents } from '../events/domain-events';
import { createReadService, itemCard, type ReadService } from '../read/read.service';
import { exploreRepository, type ExploreFilter } from './explore.repository';

const RANGE_MS: Record<TimeRange, number | null> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, all: null };
const MAX_RANKED = 3000;
/** How long a first page waits for a new window's ranking before the previous one is served. */
const STALE_AFTER_MS = 50;
/** Rankings kept (and four times as many pages, tokens and tags in use), the least recently used going first. */
const CACHE_ENTRIES = 256;

export interface ExploreQuery extends ExploreFilter {
  sort: ExploreSort;
  timeRange: TimeRange;
  includeNSFW: boolean;
  page: number;
  pageSize?: number;
  limit?: number;
  snapshot?: string;
}

/**
 * Rankings are computed as of the start of a snapshot window (EXPLORE_SNAPSHOT_SECONDS) and reused
 * for that window's requests; later pages of a session pass the snapshot back.
 */
export function createExploreService(
  db: Db,
  opts: {
    snapshotSeconds: number;
    now?: () => number;
    /** Signs the snapshots handed out (every process of a site shares it); random when not given. */
    secret?: string;
    repository?: Pick<ReturnType<typeof exploreRepository>, 'rank' | 'topTags' | 'tagInUse' | 'filterInUse'> &
      Partial<Pick<ReturnType<typeof exploreRepository>, 'rollUp' | 'coolDown'>>;
    read?: Pick<ReadService, 'list' | 'viewerState'>;
    /** What changes who may see an item or a person (an edit, hidden, deleted, a profile gone private) drops every ranking and page. */
    domainEvents: Pick<DomainEvents, 'on'>;
  },
) {
  const SNAPSHOT_MS = opts.snapshotSeconds * 1000;
  const repo = opts.repository ?? exploreRepository(db);
  const read = opts.read ?? createReadService(db);
  const now = opts.now ?? Date.now;
  /** The start of the current snapshot window (ms). */
  const currentWindow = () => Math.floor(now() / SNAPSHOT_MS) * SNAPSHOT_MS;
  // ranking key → ordered ids (a promise, so concurrent requests share one query); the least recently used go first
  const cache = new LRUCache<string, Promise<string[]>>({ max: CACHE_ENTRIES });

  const secret = opts.secret ?? randomBytes(32).toString('base64url');
  /**
   * The ranking's filter: the key of its cache without the snapshot. The texts are JSON (a tag or a maker may hold
   * "|"); without facts it is the same key as before them.
   */
  const narrowing = (f: ExploreFilter) =>
    f.maker || f.line || f.character ? JSON.stringify([f.tag ?? '', f.maker ?? '', f.line ?? '', f.character ?? '']) : (f.tag ?? '');
  const filterOf = (q: ExploreQuery) => [q.sort, q.sort === 'new' ? 'all' : q.timeRange, q.includeNSFW, narrowing(q)].join('|');
  const mac = (filter: string, t: number) => createHmac('sha256', secret).update(`explore-snapshot|${t}|${filter}`).digest('base64url').slice(0, 22);

  // Bumped by every invalidation: answers made before it are no longer the answer.
  let generation = 0;
  // (moment|filter) → its token: signed once, not on every request of the window.
  const tokens = new LRUCache<string, string>({ max: CACHE_ENTRIES * 4 });
  /**
   * The snapshot as handed to the client: its moment and a signature over the moment and the
   * filter, so a later page can only ask for a ranking the server itself issued for that filter.
   */
  function issue(filter: string, snapshot: Date): string {
    const t = snapshot.getTime();
    const key = `${t}|${filter}`;
    let token = tokens.get(key);
    if (!token) {
      token = `${t.toString(36)}.${mac(filter, t)}`;
      tokens.set(key, token);
    }
    return token;
  }

  /** The moment of a snapshot the server issued for this filter within the last day, else null. */
  function issued(filter: string, token: string, current: number): number | null {
    const [at, sig] = token.split('.');
    const t = parseInt(at ?? '', 36);
    if (!Number.isSafeInteger(t) || !sig) return null;
    const expected = Buffer.from(mac(filter, t));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return t <= current && t > current - 86_400_000 && t % SNAPSHOT_MS === 0 ? t : null;
  }

  /**
   * A snapshot from the last day that the server issued is honoured so a scrolling session stays
   * consistent; anything else (forged, for another filter, expired) gets the current window, which
   * is ranked for everyone anyway: no request can start a ranking of a moment of its choosing.
   */
  function snapshotFor(q: ExploreQuery): Date {
    const current = currentWindow();
    const t = q.snapshot ? issued(filterOf(q), q.snapshot, current) : null;
    return new Date(t ?? current);
  }

  // "NSFW choice|filter" → the window in which the filter was last seen in use; cleared with the caches.
  const tagsInUse = new LRUCache<string, number>({ max: CACHE_ENTRIES * 4 });

  /**
   * Rankings are computed only for filters that visible items match (a tag they carry, a maker, line or
   * character they name: one indexed probe; a filter in use is remembered for the window): an unknown
   * one answers an empty list without ranking anything, so arbitrary filters can neither cost a ranking
   * query nor push real rankings out of the cache.
   */
  async function inUse(filter: ExploreFilter, includeNsfw: boolean): Promise<boolean> {
    const window = Math.floor(now() / SNAPSHOT_MS);
    const key = `${includeNsfw}|${narrowing(filter)}`;
    if (tagsInUse.get(key) === window) return true;
    const facts = filter.maker || filter.line || filter.character;
    const found = facts ? await repo.filterInUse(filter, includeNsfw) : await repo.tagInUse(filter.tag ?? '', includeNsfw);
    if (found) {
      tagsInUse.set(key, window);
    }
    return found;
  }

  function ranking(q: ExploreQuery, snapshot: Date): Promise<string[]> {
    const key = [filterOf(q), snapshot.toISOString()].join('|');
    let hit = cache.get(key);
    if (hit) return hit;
    const range = RANGE_MS[q.timeRange];
    hit = repo.rank({
      sort: q.sort,
      from: q.sort === 'new' || range === null ? null : new Date(snapshot.getTime() - range),
      snapshot,
      includeNsfw: q.includeNSFW,
      tag: q.tag,
      maker: q.maker,
      line: q.line,
      character: q.character,
      max: MAX_RANKED,
    });
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
    return hit;
  }

  // ranking key without its snapshot → the latest snapshot whose ranking is ready
  const ready = new LRUCache<string, Date>({ max: CACHE_ENTRIES });

  /**
   * The snapshot a first page is served from: the current window's when its ranking is ready
   * within 50 ms; otherwise the previous window's (stale while it revalidates), so a window change
   * on a big site never makes requests wait for the ranking query. An explicit snapshot (later
   * pages) is honoured when the server issued it.
   */
  async function servedSnapshot(q: ExploreQuery): Promise<Date> {
    const current = currentWindow();
    const honoured = q.snapshot ? issued(filterOf(q), q.snapshot, current) : null;
    if (honoured !== null) return new Date(honoured);
    const requested = new Date(current);
    const base = filterOf(q);
    const pending = ranking(q, requested);
    const previous = ready.get(base);
    const mark = () => {
      const last = ready.get(base);
      if (!last || last < requested) ready.set(base, requested);
    };
    if (previous && previous < requested && cache.has([base, previous.toISOString()].join('|'))) {
      void pending.then(mark, () => undefined);
      // A quick ranking (a small site) is simply awaited; a slow one is not waited for: the
      // previous window is served while the new ranking is computed.
      const quick = await Promise.race([
        pending.then(
          () => true,
          () => true,
        ),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STALE_AFTER_MS).unref()),
      ]);
      if (!quick) return previous;
    }
    await pending;
    mark();
    return requested;
  }

  // (ranking key, page, size) → the page's cards, for the same snapshot window.
  const pages = new LRUCache<string, Promise<ExploreCard[]>>({ max: CACHE_ENTRIES * 4 });

  /** Forgets cached rankings and pages. */
  function invalidate() {
    generation++;
    cache.clear();
    pages.clear();
    tagsInUse.clear();
  }
  opts.domainEvents.on(VISIBILITY_EVENTS, invalidate);

  /**
   * The page's cards as everyone sees them (the read pipeline with the anonymous viewer, so the
   * cache is shared): one query. Something may have changed since the ranking; the rules apply again.
   */
  async function hydrate(slice: string[], includeNsfw: boolean): Promise<ExploreCard[]> {
    const rows = await read.list(slice, null, { excludeNsfw: !includeNsfw, requireImage: true });
    return rows.map(({ item }) => itemCard(item));
  }

  /**
   * The viewer's overlay on shared cards: liked and saved, and the counts as they are now (the shared page's may lag by
   * a window, and a heart the viewer filled must not sit beside the count from before it), and which of them the viewer
   * muted: one indexed query per page. Muted cards are left out (a page may then hold fewer cards).
   */
  async function overlay(cards: ExploreCard[], viewerId: string | null): Promise<ExploreCard[]> {
    if (!viewerId || !cards.length) return cards;
    const ids = cards.map((c) => c.itemId);
    const state = await read.viewerState(viewerId, ids, { counts: true, muted: true });
    // The viewer's own filters (muted people and tags) leave their cards out of this viewer's page only.
    return cards
      .filter((c) => !state.muted(c.itemId))
      .map((c) => {
        const now = state.countsOf(c.itemId);
        return { ...c, ...state.of(c.itemId), ...(now ? { likeCount: now.likes, commentCount: now.comments, saveCount: now.saves } : {}) };
      });
  }

  return {
    /**
     * A page of cards. Rankings and pages are kept for their snapshot window, so a busy explore
     * page is served from memory; a guest's counts on a card may lag by up to one window. A signed-in
     * viewer's cards carry their own liked/saved state and the counts, read fresh for every page.
     */
    async list(q: ExploreQuery, viewerId: string | null = null): Promise<ExploreListResult> {
      if ((q.tag || q.maker || q.line || q.character) && !(await inUse(q, q.includeNSFW))) {
        return { items: [], nextPage: null, snapshot: issue(filterOf(q), snapshotFor(q)) };
      }
      const snapshot = await servedSnapshot(q);
      const size = q.limit ?? q.pageSize ?? EXPLORE_PAGE_SIZE;
      const page = q.limit ? 0 : q.page;
      const ids = await ranking(q, snapshot);
      const slice = ids.slice(page * size, page * size + size);
      const key = [filterOf(q), snapshot.toISOString(), page, size].join('|');
      let cards = pages.get(key);
      if (!cards) {
        cards = hydrate(slice, q.includeNSFW);
        cards.catch(() => pages.delete(key));
        pages.set(key, cards);
      }
      const hasMore = !q.limit && (page + 1) * size < ids.length;
      return { items: await overlay(await cards, viewerId), nextPage: hasMore ? page + 1 : null, snapshot: issue(filterOf(q), snapshot) };
    },

    /**
     * Rolls the rankings' per-item totals up to now and lowers aged heat (the explore-rollup job,
     * every five minutes). Rankings are exact whenever it last ran; it keeps them fast.
     */
    async rollUp() {
      const rolled = await repo.rollUp?.();
      const cooled = await repo.coolDown?.();
      return { rolledAt: rolled?.rolledAt ?? null, items: rolled?.items ?? 0, cooled: cooled ?? 0 };
    },

    /**
     * While a first page answered with this snapshot stays the answer to the same request: the
     * snapshot is the current window's and nothing was invalidated since.
     */
    currentWhile(snapshotToken: string): () => boolean {
      const seen = generation;
      const t = parseInt(snapshotToken.split('.')[0] ?? '', 36);
      return () => seen === generation && currentWindow() === t;
    },

    /** Forgets cached rankings and pages (as the visibility events do). */
    invalidate,

    async topTags(q: { timeRange: TimeRange; limit: number }) {
      const snapshot = new Date(currentWindow());
      const range = RANGE_MS[q.timeRange];
      return repo.topTags({ from: range === null ? null : new Date(snapshot.getTime() - range), snapshot, limit: q.limit });
    },
  };
}
export type ExploreService = ReturnType<typeof createExploreService>;
