import { ArrowLeft, Download, Lock, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { INVENTORY_EXPORT_URL, useCollection } from '@/features/collection/api/collection';
import { CollectionTable } from '@/features/collection/components/collection-table';
import { ImportDialog } from '@/features/collection/components/import-dialog';
import { useProfileMe } from '@/features/profile/api/get-profile-me';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useAuth, useSignInHref } from '@/lib/auth';
import { errorMessageKey } from '@/lib/error-messages';

/** `/me/collection`: the owner's inventory (every item with its facts and private ledger), its totals, import and export. */
export default function CollectionRoute() {
  const { t, i18n } = useTranslation();
  const { user, loading } = useAuth();
  const signIn = useSignInHref();
  const me = useProfileMe({ enabled: !!user });
  const collection = useCollection({ enabled: !!user });
  useDocumentMeta({ title: t('collection.metaTitle') });
  if (!loading && !user) return <Navigate to={signIn} replace />;
  if (me.data && (!me.data.shelfId || !me.data.profile)) return <Navigate to={paths.onboarding.getHref()} replace />;

  const name = me.data?.profile?.displayName ?? '';
  const today = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date());

  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-6 outline-none sm:px-6 sm:py-10 print:max-w-none print:p-0">
      {/* Printed: the inventory's own heading. */}
      <div className="mb-6 hidden border-b border-neutral-400 pb-3 print:block">
        <p className="font-display text-2xl font-semibold">{t('collection.printTitle', { name })}</p>
        <p className="text-sm">{t('collection.printDate', { date: today })}</p>
      </div>
      <div className="mb-6 grid gap-4 sm:mb-8 print:hidden">
        <div>
          <Button variant="ghost" size="sm" className="-ml-3" asChild>
            <Link to={paths.myShelf.getHref()}>
              <ArrowLeft aria-hidden="true" />
              {t('collection.back')}
            </Link>
          </Button>
        </div>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1.5">
            <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('collection.title')}</h1>
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <Lock className="size-4 shrink-0" aria-hidden="true" />
              {t('collection.privateNote')}
            </p>
          </div>
          <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
            <ImportDialog />
            <Button variant="secondary" asChild>
              <a href={INVENTORY_EXPORT_URL} download data-testid="collection-export">
                <Download aria-hidden="true" />
                {t('collection.export')}
              </a>
            </Button>
            <Button variant="secondary" onClick={() => window.print()} disabled={!collection.data} data-testid="collection-print">
              <Printer aria-hidden="true" />
              {t('collection.print')}
            </Button>
          </div>
        </div>
      </div>
      {collection.error ? (
        <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
          <p className="font-medium">{t(errorMessageKey(collection.error))}</p>
          <Button variant="secondary" onClick={() => void collection.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : collection.data ? (
        <CollectionTable items={collection.data.items} />
      ) : (
        <div role="status" aria-label={t('common.loading')} className="grid gap-3">
          <Skeleton className="h-11 w-full max-w-sm" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      )}
    </main>
  );
}
