import { EXPLORE_SORTS, TIME_RANGES, type ExploreSort, type TimeRange } from '@curio/contract';

export const DEFAULT_SORT: ExploreSort = 'trending';
export const DEFAULT_TIME_RANGE: TimeRange = '7d';

/** The item facts explore can be narrowed to (`/explore?maker=Bandai`), in the order their chips show. */
export const FACT_FILTERS = ['maker', 'line', 'character'] as const;
export type FactFilter = (typeof FACT_FILTERS)[number];

/** The explore filters as the page holds them. `nsfw` is null when the query string does not say. */
export type ExploreFilters = {
  sort: ExploreSort;
  timeRange: TimeRange;
  tag: string | null;
  nsfw: boolean | null;
} & Partial<Record<FactFilter, string | null>>;

const isSort = (v: string | null): v is ExploreSort => !!v && (EXPLORE_SORTS as readonly string[]).includes(v);
const isTimeRange = (v: string | null): v is TimeRange => !!v && (TIME_RANGES as readonly string[]).includes(v);

function parseBool(v: string | null): boolean | null {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/**
 * Reads `sort`, `timeRange`, `tag`, `nsfw` and the facts (`maker`, `line`, `character`; each only when given) from the
 * query string; anything unknown falls back to the default.
 */
export function filtersFromSearch(search: URLSearchParams): ExploreFilters {
  const sort = search.get('sort');
  const timeRange = search.get('timeRange');
  const tag = search.get('tag')?.trim();
  const filters: ExploreFilters = {
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    timeRange: isTimeRange(timeRange) ? timeRange : DEFAULT_TIME_RANGE,
    tag: tag ? tag : null,
    nsfw: parseBool(search.get('nsfw')),
  };
  for (const fact of FACT_FILTERS) {
    const value = search.get(fact)?.trim();
    if (value) filters[fact] = value;
  }
  return filters;
}

/** The facts the filters narrow to, as explore-list's parameters (only those set, so the default view's key stays as it was). */
export function factParams(filters: Partial<Record<FactFilter, string | null>>): Partial<Record<FactFilter, string>> {
  return Object.fromEntries(FACT_FILTERS.flatMap((fact) => (filters[fact] ? [[fact, filters[fact]]] : [])));
}

/**
 * Writes the filters back, leaving out defaults (trending, 7d, no tag) and `nsfw` when it is null.
 * Other parameters in `base` are kept.
 */
export function filtersToSearch(filters: ExploreFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('sort', filters.sort === DEFAULT_SORT ? null : filters.sort);
  set('timeRange', filters.timeRange === DEFAULT_TIME_RANGE ? null : filters.timeRange);
  set('tag', filters.tag ? filters.tag : null);
  set('nsfw', filters.nsfw === null ? null : String(filters.nsfw));
  for (const fact of FACT_FILTERS) set(fact, filters[fact] ? filters[fact] : null);
  return next;
}
