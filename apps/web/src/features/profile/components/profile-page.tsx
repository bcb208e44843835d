import { Compass } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyPlinth } from '@/components/illustrations/empty-plinth';
import { EmptyShelf } from '@/components/illustrations/empty-shelf';
import { PadlockCabinet } from '@/components/illustrations/padlock-cabinet';
import { ReadOnlyShelf } from '@/components/shelf/read-only-shelf';
import { CabinetFrame, Plank } from '@/components/shelf/shelf-display';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { useProfile } from '../api/get-profile';
import { useProfileViewTracking } from '../hooks/use-profile-view-tracking';
import { ProfileHeader } from './profile-header';

/** /u/{handle}: the person's header, then their shelf as they arranged it (read-only). */
export function ProfilePage({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const query = useProfile(handle);
  // The profile arrives as an urgent update (a query store's change); the page it fills renders as a
  // deferred one, which React splits into short tasks, so a phone stays responsive meanwhile.
  const data = useDeferredValue(query.data);
  const visible = data?.access === 'visible' ? data : null;
  useProfileViewTracking(data);
  useDocumentMeta({
    title: visible ? t('profile.metaTitle', { name: visible.profile.displayName, handle: visible.profile.handle }) : t('profile.metaTitleHandle', { handle }),
    description: visible
      ? t('profile.metaDescription', { name: visible.profile.displayName, handle: visible.profile.handle, appName: env.appName })
      : undefined,
    canonical: paths.profile.getHref(visible?.profile.handle ?? handle),
  });

  if (isApiError(query.error) && query.error.code === 'not_found') {
    return (
      <EmptyState
        testId="profile-not-found"
        headingLevel={1}
        illustration={<EmptyPlinth className="h-28 w-auto" />}
        title={t('profile.notFound')}
        text={t('profile.notFoundText', { handle })}
        action={
          <Button asChild variant="soft">
            <Link to={paths.explore.getHref()}>
              <Compass aria-hidden="true" />
              {t('nav.explore')}
            </Link>
          </Button>
        }
      />
    );
  }
  if (query.error && !data) {
    return (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(query.error))}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!data) {
    return (
      <div role="status" aria-label={t('common.loading')}>
        <ProfileSkeleton />
      </div>
    );
  }
  if (data.access === 'private') {
    return (
      <div className="grid gap-6">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">@{data.handle}</h1>
        <EmptyState
          testId="profile-private"
          illustration={<PadlockCabinet className="h-28 w-auto" />}
          title={t('profile.privateTitle')}
          text={t('profile.privateText')}
        />
      </div>
    );
  }

  const { profile, shelf } = data;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 sm:gap-10">
      <ProfileHeader data={data} />
      <section aria-labelledby="profile-shelf-title" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
        <h2 id="profile-shelf-title" className="font-display text-2xl font-semibold tracking-tight">
          {t('profile.shelfTitle', { name: profile.displayName })}
        </h2>
        {shelf && shelf.placed.length + shelf.overflow.length > 0 ? (
          <ReadOnlyShelf
            layout={shelf.layout}
            placed={shelf.placed}
            overflow={shelf.overflow}
            label={t('profile.shelfLabel', { name: profile.displayName, cols: shelf.layout.cols, rows: shelf.layout.rows })}
          />
        ) : shelf ? (
          // As on the owner's own page: an empty shelf is one lit plank with a word, not a wall of grey cells.
          <CabinetFrame data-testid="shelf-empty" className="mx-auto w-full max-w-3xl">
            <div className="grid justify-items-center gap-3 px-4 pt-4 pb-6 text-center sm:pt-6 sm:pb-8">
              <EmptyShelf className="h-24 w-auto sm:h-32" />
              <h3 className="font-display text-xl font-semibold tracking-tight">{t('profile.shelfEmpty')}</h3>
              <p className="max-w-sm text-muted-foreground">{t('profile.shelfEmptyText')}</p>
            </div>
            <Plank />
          </CabinetFrame>
        ) : (
          <EmptyState
            testId="profile-shelf-empty"
            illustration={<EmptyShelf className="h-24 w-auto" />}
            title={t('profile.shelfEmpty')}
            text={t('profile.shelfEmptyText')}
          />
        )}
      </section>
    </div>
  );
}

/**
 * What a profile shows while it loads: its header and its shelf where they will be (avatar, name,
 * handle, a line of bio, the counts; the shelf's title and cabinet), so that the page does not jump
 * and the footer stays below the fold when the profile arrives.
 */
function ProfileSkeleton() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 sm:gap-10" data-testid="profile-skeleton">
      <div className="grid gap-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:gap-6">
        <Skeleton className="size-20 rounded-full sm:size-28" />
        <div className="grid min-w-0 gap-3">
          <div className="grid gap-1">
            <Skeleton className="h-9 w-56 max-w-full sm:h-10" />
            <Skeleton className="h-6 w-28" />
          </div>
          <Skeleton className="h-6 w-full max-w-md" />
          <div className="flex gap-3">
            <Skeleton className="h-11 w-24 sm:h-9" />
            <Skeleton className="h-11 w-24 sm:h-9" />
            <Skeleton className="h-11 w-24 sm:h-9" />
          </div>
        </div>
      </div>
      <div className="grid gap-4">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="aspect-[4/5] w-full rounded-2xl sm:aspect-[2/1]" />
      </div>
    </div>
  );
}
