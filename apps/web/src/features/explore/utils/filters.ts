import { EXPLORE_SORTS, TIME_RANGES, type ExploreSort, type TimeRange } from '@curio/contract';

export const DEFAULT_SORT: ExploreSort = 'trending';
export const DEFAULT_TIME_RANGE: TimeRange = '7d';

/** The explore filters as the page holds them. `nsfw` is null when the query string does not say. */
export type ExploreFilters = {
  sort: ExploreSort;
  timeRange: TimeRange;
  tag: string | null;
  nsfw: boolean | null;
};

const isSort = (v: string | null): v is ExploreSort => !!v && (EXPLORE_SORTS as readonly string[]).includes(v);
const isTimeRange = (v: string | null): v is TimeRange => !!v && (TIME_RANGES as readonly string[]).includes(v);

function parseBool(v: string | null): boolean | null {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return null;
}

/** Reads `sort`, `timeRange`, `tag` and `nsfw` from the query string; anything unknown falls back to the default. */
export function filtersFromSearch(search: URLSearchParams): ExploreFilters {
  const sort = search.get('sort');
  const timeRange = search.get('timeRange');
  const tag = search.get('tag')?.trim();
  return {
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    timeRange: isTimeRange(timeRange) ? timeRange : DEFAULT_TIME_RANGE,
    tag: tag ? tag : null,
    nsfw: parseBool(search.get('nsfw')),
  };
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
  return next;
}
