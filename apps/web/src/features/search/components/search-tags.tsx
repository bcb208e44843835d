import { Hash } from 'lucide-react';
import { SEARCH_TAG_COUNT_CAP } from '@curio/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { SearchTag } from '../api/search';

/** Tags found, as chips with their count of items; each opens the tag's page. */
export function SearchTags({ tags }: { tags: SearchTag[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-2" data-testid="search-tags">
      {tags.map(({ tag, count }) => (
        <li key={tag}>
          <Link
            to={paths.future.tag.getHref(tag)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-border bg-surface px-4 text-sm font-medium shadow-soft transition-colors duration-150 hover:border-accent hover:text-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="search-tag"
          >
            <Hash className="size-4 text-muted-foreground" aria-hidden="true" />
            {tag}
            <span className="text-muted-foreground">
              {count >= SEARCH_TAG_COUNT_CAP ? t('search.countCapped', { count: SEARCH_TAG_COUNT_CAP - 1 }) : count}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
