import { REPORT_STATUSES, REPORT_TARGET_TYPES, type ReportStatus, type ReportSummary, type ReportTargetType } from '@curio/contract';
import { ChevronRight, Flag, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useModReports } from '../api/moderation';
import { reasonText, targetText } from '../utils/labels';
import { StatusBadge } from './status-badge';
import { ListSkeleton, LoadFailed } from './load-states';

const FILTERS = [...REPORT_STATUSES, 'all'] as const;
type Filter = (typeof FILTERS)[number];

/** The Reports tab: one status at a time (open first) with counts, a type filter, newest first. */
export function ReportsTab() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const status: Filter = FILTERS.includes(search.get('status') as Filter) ? (search.get('status') as Filter) : 'open';
  const type = (REPORT_TARGET_TYPES as readonly string[]).includes(search.get('type') ?? '') ? (search.get('type') as ReportTargetType) : 'all';
  const list = useModReports(status, type);
  const counts = list.data?.pages[0]?.counts;
  const reports = list.data?.pages.flatMap((p) => p.reports) ?? [];

  const setParam = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(search);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace: true });
  };

  return (
    <section aria-labelledby="mod-reports-title" className="grid gap-4">
      <h2 id="mod-reports-title" className="sr-only">
        {t('moderation.tabs.reports')}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div role="group" aria-label={t('moderation.statusFilter')} className="flex flex-wrap gap-2" data-testid="report-status-filter">
          {FILTERS.map((f) => {
            const count = f === 'all' ? (counts ? counts.open + counts.hidden + counts.dismissed : null) : (counts?.[f as ReportStatus] ?? null);
            return (
              <Button
                key={f}
                size="sm"
                variant={status === f ? 'soft' : 'secondary'}
                aria-pressed={status === f}
                onClick={() => setParam('status', f, 'open')}
                data-testid={`report-filter-${f}`}
              >
                {t(`moderation.filter.${f}`)}
                {count !== null ? <span className="rounded-full bg-surface/70 px-1.5 text-xs tabular-nums">{count}</span> : null}
              </Button>
            );
          })}
        </div>
        <label className="grid gap-1 text-sm font-medium">
          {t('moderation.typeFilter')}
          <NativeSelect value={type} onChange={(e) => setParam('type', e.target.value, 'all')} className="min-w-44" data-testid="report-type-filter">
            <option value="all">{t('moderation.types.all')}</option>
            {REPORT_TARGET_TYPES.map((tt) => (
              <option key={tt} value={tt}>
                {t(`moderation.types.${tt}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>

      {list.isPending ? (
        <ListSkeleton rowClassName="h-20" />
      ) : list.error && !list.data ? (
        <LoadFailed message={t('moderation.loadReportsFailed')} onRetry={() => void list.refetch()} />
      ) : reports.length === 0 ? (
        <EmptyState
          illustration={<Flag className="size-10 text-muted-foreground" aria-hidden="true" />}
          title={t(`moderation.empty.${status}`)}
          text={t('moderation.emptyText')}
          testId="reports-empty"
        />
      ) : (
        <>
          <ul className="grid gap-2" data-testid="reports-list">
            {reports.map((r) => (
              <ReportRow key={r.id} report={r} locale={i18n.language} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" className="justify-self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
              {t('moderation.showMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function ReportRow({ report, locale }: { report: ReportSummary; locale: string }) {
  const { t } = useTranslation();
  return (
    <li data-testid="report-row" data-status={report.status} data-type={report.targetType}>
      <Link
        to={paths.modReport.getHref(report.id)}
        className={cn(
          'flex items-center gap-3 rounded-xl border border-border bg-surface p-3 shadow-soft transition-colors hover:border-border-strong focus-visible:outline-3 focus-visible:outline-ring sm:p-4',
        )}
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="rounded-md bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              {t(`moderation.types.${report.targetType}`)}
            </span>
            <span className="min-w-0 truncate font-medium" data-testid="report-target-label">
              {targetText(report.targetType, report.targetLabel, t)}
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span>{reasonText(report.reason, t)}</span>
            <span aria-hidden="true">·</span>
            <span>{report.reporter ? t('moderation.byReporter', { handle: report.reporter.handle }) : t('moderation.reporterGone')}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={report.createdAt}>{formatRelativeTime(report.createdAt, locale)}</time>
            {report.targetReportCount > 1 ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{t('moderation.reportCount', { count: report.targetReportCount })}</span>
              </>
            ) : null}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge value={report.status} kind="status" />
          {report.targetHidden ? <span className="text-xs text-muted-foreground">{t('moderation.contentHidden')}</span> : null}
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
    </li>
  );
}
