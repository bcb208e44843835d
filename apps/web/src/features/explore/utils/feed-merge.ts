import type { FeedListResult } from '@curio/contract';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * Puts the newest page on top of the loaded ones without reloading them: the cards newer than the first one shown
 * go first, and every page already loaded stays (so the place read so far is kept). When more arrived than one page
 * holds, the feed starts again from the newest page.
 */
export function mergeNewest(data: InfiniteData<FeedListResult, string | undefined> | undefined, newest: FeedListResult) {
  if (!data || !data.pages.length) return { pages: [newest], pageParams: [undefined] };
  const first = data.pages[0]!.items[0];
  const at = first ? newest.items.findIndex((c) => c.itemId === first.itemId) : -1;
  if (first && at < 0 && newest.nextCursor !== null) return { pages: [newest], pageParams: [undefined] };
  const shown = new Set(data.pages.flatMap((p) => p.items.map((c) => c.itemId)));
  const fresh = (at < 0 ? newest.items : newest.items.slice(0, at)).filter((c) => !shown.has(c.itemId));
  const [head, ...rest] = data.pages;
  return { ...data, pages: [{ ...head!, items: [...fresh, ...head!.items] }, ...rest] };
}
