import { RotateCcw } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** What an infinite list's footer needs of its query (TanStack Query's infinite query). */
interface PagedList {
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of an infinite list of cards (explore, the home feed, search): the polite "loading more" for screen readers,
 * a retry when the next page failed, the sentinel that asks for it, and "that's all" under a long list. `testId`
 * names the error (`{testId}-error`) and the sentinel (`{testId}-sentinel`).
 */
export function ListFooter({
  list,
  sentinelRef,
  testId,
  loadingMore,
  loadFailed,
  shown,
}: {
  list: PagedList;
  sentinelRef: RefObject<HTMLDivElement | null>;
  testId: string;
  /** The announcement while the next page loads, and the text when it failed (translated). */
  loadingMore: string;
  loadFailed: string;
  /** How many cards the list shows: "that's all" closes a list longer than a screen; null leaves it out. */
  shown: number | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" className="sr-only">
        {list.isFetchingNextPage ? loadingMore : ''}
      </div>
      {list.isFetchNextPageError ? (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-center" data-testid={`${testId}-error`}>
          <p className="font-medium">{loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void list.fetchNextPage()}>
            <RotateCcw aria-hidden="true" />
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      <div ref={sentinelRef} data-testid={`${testId}-sentinel`} aria-hidden="true" className="h-px" />
      {shown !== null && !list.hasNextPage && shown > 8 ? <p className="text-center text-sm text-muted-foreground">{t('explore.end')}</p> : null}
    </>
  );
}
