import type { AdminFeedbackListInput, FeedbackEntry } from '@curio/contract';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineErrorFallback } from '@/components/errors/error-fallback';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useAdminFeedback } from '../api/admin-site';
import { Pager } from './pager';

type Category = NonNullable<AdminFeedbackListInput['category']>;
const CATEGORIES: Category[] = ['all', 'bug', 'idea', 'abuse', 'other'];
const PAGE_SIZE = 20;

const CATEGORY_BADGE: Record<FeedbackEntry['category'], string> = {
  bug: 'bg-danger-bg text-danger-fg',
  idea: 'bg-info-bg text-info-fg',
  abuse: 'bg-warning-bg text-warning-fg',
  other: 'bg-surface-sunken text-muted-foreground',
};

function FeedbackCard({ entry }: { entry: FeedbackEntry }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.createdAt));
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-surface p-4" data-testid="feedback-entry">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', CATEGORY_BADGE[entry.category])}>
          {t(`feedback.categories.${entry.category}`)}
        </span>
        <time dateTime={entry.createdAt} className="text-muted-foreground">
          {when}
        </time>
        <span className="text-muted-foreground">
          {entry.user?.handle ? (
            <Link to={paths.profile.getHref(entry.user.handle)} className="font-medium text-foreground underline-offset-2 hover:underline">
              @{entry.user.handle}
            </Link>
          ) : entry.user ? (
            t('adminPanel.feedback.member')
          ) : (
            t('adminPanel.feedback.guest')
          )}
        </span>
      </div>
      <p className="break-words whitespace-pre-wrap">{entry.message}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {entry.email ? (
          <a href={`mailto:${entry.email}`} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            <Mail className="size-3.5" aria-hidden="true" />
            {entry.email}
          </a>
        ) : null}
        {entry.path ? <span>{t('adminPanel.feedback.fromPage', { path: entry.path })}</span> : null}
      </div>
    </li>
  );
}

/** The feedback inbox, newest first, filtered by category. */
export function FeedbackPanel() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<Category>('all');
  const [page, setPage] = useState(0);
  const list = useAdminFeedback({ category, page, pageSize: PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('adminPanel.feedback.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('adminPanel.feedback.filter')}>
          {CATEGORIES.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              onClick={() => {
                setCategory(c);
                setPage(0);
              }}
              className={cn(
                'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-3.5 text-sm font-medium focus-visible:outline-3 focus-visible:outline-ring sm:min-h-9',
                category === c ? 'border-foreground bg-foreground text-background' : 'border-border-strong bg-surface hover:bg-surface-sunken',
              )}
            >
              {c === 'all' ? t('adminPanel.feedback.all') : t(`feedback.categories.${c}`)}
            </button>
          ))}
        </div>
        {list.error && !data ? (
          <InlineErrorFallback message={t(errorMessageKey(list.error))} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <div role="status" aria-label={t('common.loading')} className="grid gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : data.entries.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border-strong px-4 py-8 text-center text-muted-foreground">{t('adminPanel.feedback.empty')}</p>
        ) : (
          <ul className="grid gap-3">
            {data.entries.map((entry) => (
              <FeedbackCard key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </CardContent>
    </Card>
  );
}
