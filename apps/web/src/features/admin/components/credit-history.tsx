import type { CreditEntry } from '@curio/contract';
import { useTranslation } from 'react-i18next';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useCreditHistory } from '../api/admin-users';

function Entry({ entry, dateFmt }: { entry: CreditEntry; dateFmt: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const by = entry.actor
    ? entry.actor.handle
      ? t('adminPanel.users.historyBy', { name: `@${entry.actor.handle}` })
      : t('adminPanel.users.historyByAdmin')
    : null;
  return (
    <li className="flex items-start justify-between gap-3 py-2" data-testid="credit-entry" data-reason={entry.reason}>
      <div className="grid min-w-0 gap-0.5">
        <span className="text-sm font-medium">{t(`adminPanel.users.reasons.${entry.reason}`)}</span>
        <span className="text-xs text-muted-foreground">
          <time dateTime={entry.createdAt}>{dateFmt.format(new Date(entry.createdAt))}</time>
          {by ? ` · ${by}` : null}
        </span>
        {entry.note ? <span className="text-sm break-words text-muted-foreground">{entry.note}</span> : null}
      </div>
      <span className={cn('shrink-0 text-sm font-semibold tabular-nums', entry.amount < 0 ? 'text-muted-foreground' : 'text-success')}>
        {entry.amount > 0 ? `+${entry.amount}` : `${entry.amount}`.replace('-', '−')}
      </span>
    </li>
  );
}

/** Every change of one collector's credits (sign-up, grants, generations, refunds, refills), newest first. */
export function CreditHistory({ userId, labelledBy }: { userId: string; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const history = useCreditHistory(userId);
  const dateFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (history.isPending) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (!history.data) return <InlineErrorFallback message={t('adminPanel.users.historyFailed')} onRetry={() => void history.refetch()} />;
  const entries = history.data.pages.flatMap((p) => p.entries);
  if (!entries.length) return <p className="text-sm text-muted-foreground">{t('adminPanel.users.historyEmpty')}</p>;
  return (
    <div className="grid gap-2">
      <ul aria-labelledby={labelledBy} className="divide-y divide-border" data-testid="credit-history">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} dateFmt={dateFmt} />
        ))}
      </ul>
      {history.hasNextPage ? (
        <div>
          <Button variant="secondary" size="sm" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t('adminPanel.users.historyMore')}
          </Button>
        </div>
      ) : null}
      {history.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-danger-fg">
          {t(errorMessageKey(history.error))}
        </p>
      ) : null}
    </div>
  );
}
