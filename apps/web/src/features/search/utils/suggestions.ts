import { paths } from '@/config/paths';
import type { SearchResult } from '../api/search';

/** One choice of the header's suggestions: where it goes, and what it shows. */
export type SuggestionOption =
  | { kind: 'person'; key: string; href: string; person: SearchResult['people'][number] }
  | { kind: 'tag'; key: string; href: string; tag: SearchResult['tags'][number] }
  | { kind: 'item'; key: string; href: string; item: SearchResult['items'][number] }
  | { kind: 'all'; key: string; href: string; q: string };

/** The suggestions in the order the list shows them (people, tags, items), then "all results for …". */
export function suggestionOptions(q: string, result: SearchResult | undefined): SuggestionOption[] {
  const query = q.trim();
  if (!query) return [];
  const options: SuggestionOption[] = [];
  for (const person of result?.people ?? []) options.push({ kind: 'person', key: `p-${person.id}`, href: paths.profile.getHref(person.handle), person });
  for (const tag of result?.tags ?? []) options.push({ kind: 'tag', key: `t-${tag.tag}`, href: paths.future.tag.getHref(tag.tag), tag });
  for (const item of result?.items ?? []) options.push({ kind: 'item', key: `i-${item.itemId}`, href: paths.item.getHref(item.itemId), item });
  options.push({ kind: 'all', key: 'all', href: paths.search.getHref(query), q: query });
  return options;
}

/** The next active option for an arrow key (wrapping; from none, Down goes to the first and Up to the last). */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 ? count - 1 : active - 1;
}
