import { EXPLORE_PAGE_SIZE } from '@curio/contract';
import { RotateCcw } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EmptySearch } from '@/components/illustrations/empty-search';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth, useSignInHref } from '@/lib/auth';
import { imageUrl } from '@/lib/image-url';
import { usePageImages } from '@/lib/page-images';
import { useExploreFeed, type ExploreFeedParams, type ExploreItem } from '../api/get-explore-list';
import { useToggleCardLike } from '../api/toggle-like';
import { useToggleCardSave } from '../api/toggle-save';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { CardGrid, CardGridLoading, cardSkeletons } from './card-grid';
import { ListFooter } from './list-footer';

/**
 * The explore feed: cards in a grid, 8 skeletons while a page loads, the next page when the sentinel
 * comes into view, an error with retry and a drawn empty state. `enabled` waits for the NSFW choice.
 */
export function ExploreGrid({ params, enabled = true }: { params: ExploreFeedParams; enabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const feed = useExploreFeed(params, { pageSize: EXPLORE_PAGE_SIZE, enabled });
  // Pages arrive as urgent updates (a query store's change); the cards render as a deferred one, which
  // React splits into short tasks, so a phone stays responsive to taps and scrolls meanwhile.
  const data = useDeferredValue(feed.data);
  // The first cards' pictures the server named for a guest's first paint (lib/page-images.ts).
  const early = usePageImages();
  const like = useToggleCardLike();
  const signIn = useSignInHref();
  const save = useToggleCardSave();
  // The sentinel is there once the deferred cards are: watching starts then, not with the urgent update.
  const canLoadMore = !!data && feed.hasNextPage && !feed.isFetchingNextPage && !feed.isFetchNextPageError;
  const sentinelRef = useInfiniteScroll<HTMLDivElement>(() => {
    if (canLoadMore) void feed.fetchNextPage();
  }, canLoadMore);

  const onLike = (item: ExploreItem) => {
    if (!user) return void navigate(signIn);
    like.mutate({ itemId: item.itemId, liked: !item.liked }, { onError: () => toast.error(t('explore.likeFailed')) });
  };
  const onSave = (item: ExploreItem) => {
    if (!user) return void navigate(signIn);
    save.mutate({ itemId: item.itemId, saved: !item.saved }, { onError: () => toast.error(t('explore.saveFailed')) });
  };

  if (feed.isError && !data) {
    return (
      <div
        role="alert"
        className="grid justify-items-center gap-4 rounded-xl border border-border bg-surface px-6 py-12 text-center shadow-soft"
        data-testid="explore-error"
      >
        <p className="font-medium">{t('explore.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void feed.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  if (!data) {
    return <CardGridLoading label={t('explore.loading')} images={early} />;
  }

  const items = data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div
        className="grid justify-items-center gap-5 rounded-xl border border-dashed border-border-strong bg-surface/60 px-6 py-14 text-center"
        data-testid="explore-empty"
      >
        <EmptySearch className="h-32 w-auto" />
        <p className="max-w-sm text-lg font-medium">{t('explore.empty')}</p>
        <Button asChild variant="soft">
          <Link to={paths.explore.getHref()}>
            <RotateCcw aria-hidden="true" />
            {t('explore.resetFilters')}
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <CardGrid
        items={items}
        onLike={onLike}
        onSave={onSave}
        shownEarly={(item) => early.length > 0 && early.some((id) => item.imageUrl === imageUrl(id, 'thumb'))}
        data-testid="explore-grid"
        aria-busy={feed.isFetchingNextPage}
      >
        {feed.isFetchingNextPage ? cardSkeletons(items.length) : null}
      </CardGrid>
      <ListFooter
        list={feed}
        sentinelRef={sentinelRef}
        testId="explore"
        loadingMore={t('explore.loadingMore')}
        loadFailed={t('explore.loadFailed')}
        shown={items.length}
      />
    </div>
  );
}
