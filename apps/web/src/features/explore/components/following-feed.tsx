import { ArrowUp, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptySearch } from '@/components/illustrations/empty-search';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { ExploreItem } from '../api/get-explore-list';
import { useFollowingFeed, useNewFeedItems } from '../api/following-feed';
import { useToggleCardLike } from '../api/toggle-like';
import { useToggleCardSave } from '../api/toggle-save';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { CardGrid, CardGridLoading, cardSkeletons } from './card-grid';
import { ListFooter } from './list-footer';
import { PeopleSuggestions } from './people-suggestions';

/**
 * The home feed: the newest items of the collectors and tags the viewer follows, in explore's cards, the next page
 * as the end comes into view. Items added while it is open are counted in a pill at the top; pressing it puts them
 * above the cards already loaded (which stay) and brings the top into view. With nothing to show: people to follow,
 * who stay below the cards their follows bring until the page is left.
 */
export function FollowingFeed() {
  const { t } = useTranslation();
  const feed = useFollowingFeed();
  const fresh = useNewFeedItems();
  const like = useToggleCardLike();
  const save = useToggleCardSave();
  const top = useRef<HTMLUListElement>(null);
  const [showing, setShowing] = useState(false);
  const [startedEmpty, setStartedEmpty] = useState(false);
  const canLoadMore = !!feed.data && feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError;
  const sentinelRef = useInfiniteScroll<HTMLDivElement>(() => {
    if (canLoadMore) void feed.fetchNextPage();
  }, canLoadMore);

  const onLike = (item: ExploreItem) => like.mutate({ itemId: item.itemId, liked: !item.liked }, { onError: () => toast.error(t('explore.likeFailed')) });
  const onSave = (item: ExploreItem) => save.mutate({ itemId: item.itemId, saved: !item.saved }, { onError: () => toast.error(t('explore.saveFailed')) });
  const showNew = async () => {
    setShowing(true);
    try {
      await fresh.show();
      top.current?.scrollIntoView({ behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth', block: 'start' });
      top.current?.focus({ preventScroll: true });
    } catch {
      toast.error(t('explore.loadFailed'));
    } finally {
      setShowing(false);
    }
  };

  const pill =
    fresh.count > 0 ? (
      <div className="pointer-events-none sticky top-20 z-30 flex justify-center">
        <Button
          className="pointer-events-auto rounded-full shadow-lift"
          size="sm"
          onClick={() => void showNew()}
          disabled={showing}
          data-testid="feed-new-items"
        >
          <ArrowUp aria-hidden="true" />
          {t('feed.newItems', { count: fresh.count })}
        </Button>
      </div>
    ) : null;

  if (feed.isError && !feed.data) {
    return (
      <div
        role="alert"
        className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface px-6 py-12 text-center shadow-soft"
        data-testid="feed-error"
      >
        <p className="font-medium">{t('explore.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!feed.data) {
    return <CardGridLoading label={t('explore.loading')} />;
  }
  const items = feed.data.pages.flatMap((page) => page.items);
  if (items.length === 0 && !startedEmpty) setStartedEmpty(true);
  // The suggestions keep their place (and what was followed there) while the feed fills from them: one follow does
  // not take away the others. A visit that began with items shows none.
  return (
    <div className="grid gap-8">
      {pill}
      {items.length === 0 ? (
        <div
          className="grid justify-items-center gap-4 rounded-xl border border-dashed border-border-strong bg-surface/60 px-6 py-10 text-center"
          data-testid="feed-empty"
        >
          <EmptySearch className="h-28 w-auto" />
          <p className="max-w-md text-lg font-medium text-balance">{t('feed.emptyTitle')}</p>
          <p className="max-w-md text-muted-foreground">{t('feed.emptyText')}</p>
          <Button asChild variant="soft">
            <Link to={paths.explore.getHref()}>{t('feed.browseExplore')}</Link>
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <CardGrid
            items={items}
            onLike={onLike}
            onSave={onSave}
            ref={top}
            tabIndex={-1}
            aria-label={t('feed.listLabel')}
            className="scroll-mt-24 outline-none"
            data-testid="feed-grid"
            aria-busy={feed.isFetchingNextPage}
          >
            {feed.isFetchingNextPage ? cardSkeletons(items.length) : null}
          </CardGrid>
          <ListFooter
            list={feed}
            sentinelRef={sentinelRef}
            testId="feed"
            loadingMore={t('explore.loadingMore')}
            loadFailed={t('explore.loadFailed')}
            shown={items.length}
          />
        </div>
      )}
      {startedEmpty ? <PeopleSuggestions /> : null}
    </div>
  );
}
