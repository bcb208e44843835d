import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** A list loading: a few rows of the list's own height. */
export function ListSkeleton({ rowClassName = 'h-20' }: { rowClassName?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-2">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className={cn('w-full', rowClassName)} />
      ))}
    </div>
  );
}

/** A list or a detail that failed to load: the spec's text and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-danger/40 bg-danger-bg p-5 text-danger-fg">
      <p className="font-medium">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** A detail view (report, notice) while it loads or after it failed, under its way back. */
export function DetailState({ back, failed, onRetry }: { back: ReactNode; failed?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (failed !== undefined && onRetry) {
    return (
      <div className="grid gap-4">
        {back}
        <LoadFailed message={failed} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-4">
      {back}
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
