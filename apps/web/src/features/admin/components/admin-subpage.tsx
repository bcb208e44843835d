import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';

/**
 * The frame of an admin page below the panel (`/admin/functions`, `/admin/jobs`): the way back, the
 * title and caption, when the figures were read with a button to read them again, then the figures
 * (`children`) once they are there; an error with a retry, or a skeleton, before. Its texts are the
 * namespace's `back`, `title`, `caption`, `refreshed` and `refresh`.
 */
export function AdminSubpage<T extends { generatedAt: string }>({
  ns,
  query,
  children,
}: {
  ns: 'adminFunctions' | 'adminJobs';
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const data = query.data;
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-3">
        <Link to={paths.admin.getHref()} className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'w-fit')}>
          <ArrowLeft aria-hidden="true" />
          {t(`${ns}.back`)}
        </Link>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h1 className="font-display text-3xl font-semibold tracking-tight">{t(`${ns}.title`)}</h1>
            <p className="text-muted-foreground">{t(`${ns}.caption`)}</p>
          </div>
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            {data ? <span>{t(`${ns}.refreshed`, { time: new Date(data.generatedAt).toLocaleTimeString(i18n.language) })}</span> : null}
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(query.isFetching && 'motion-safe:animate-spin')} />
              {t(`${ns}.refresh`)}
            </Button>
          </div>
        </div>
      </div>
      {query.error && !data ? (
        <InlineErrorFallback message={t(errorMessageKey(query.error))} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        children(data)
      )}
    </div>
  );
}
