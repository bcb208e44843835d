import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyShelf } from '@/components/illustrations/empty-shelf';
import { AdminLink } from '@/components/layout/admin-link';
import { AppShellHeader } from '@/components/layout/app-shell-header';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useShelf } from '@/features/shelf/api/get-shelf';
import { ShelfDisplay, ShelfEmptyCard, ShelfSkeleton } from '@/features/shelf/components/shelf-display';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { useAuth } from '@/lib/auth';

export default function MyShelfRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const me = useProfileMe({ enabled: !!user });
  const hasShelf = !!me.data?.shelfId;
  const shelf = useShelf({ enabled: hasShelf });
  useDocumentMeta({ title: t('shelf.metaTitle') });

  if (!loading && !user) return <Navigate to={paths.login.getHref()} replace />;
  if (me.data && (!me.data.shelfId || !me.data.profile)) return <Navigate to={paths.onboarding.getHref()} replace />;
  if (isApiError(shelf.error) && shelf.error.code === 'not_found') return <Navigate to={paths.onboarding.getHref()} replace />;

  const isAdmin = !!me.data?.roles.includes('admin');
  const displayName = me.data?.profile?.displayName ?? '';
  const items = shelf.data?.items ?? [];
  const failed = me.error ?? shelf.error;

  let body;
  if (failed) {
    body = (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(failed))}</p>
        <Button variant="secondary" onClick={() => void (me.error ? me.refetch() : shelf.refetch())}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!me.data || !shelf.data) {
    body = (
      <div role="status" aria-label={t('common.loading')}>
        <ShelfSkeleton />
      </div>
    );
  } else {
    body = (
      <div className="grid gap-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1.5">
            <h1 className="font-display text-3xl font-semibold tracking-tight break-words sm:text-4xl">{t('shelf.title', { name: displayName })}</h1>
            <p className="text-muted-foreground">
              <span>@{me.data.profile?.handle}</span>
              <span aria-hidden="true"> · </span>
              <span className="tabular-nums">{t('shelf.itemCount', { count: items.length })}</span>
            </p>
          </div>
        </div>
        <ShelfDisplay
          layout={shelf.data.shelf.layout}
          label={t('shelf.gridLabel', { cols: shelf.data.shelf.layout.cols, rows: shelf.data.shelf.layout.rows })}
          overlay={
            items.length === 0 ? (
              <ShelfEmptyCard illustration={<EmptyShelf className="h-24 w-auto" />} title={t('shelf.emptyTitle')} text={t('shelf.emptyText')} />
            ) : null
          }
        />
      </div>
    );
  }

  return (
    <>
      <AppShellHeader end={<SignOutButton />}>{isAdmin ? <AdminLink /> : null}</AppShellHeader>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        {body}
      </main>
    </>
  );
}
