import type { FunctionOutput } from '@curio/contract';
import { Eye, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { useInsights } from '../api/get-insights';
import { peakDay } from '../utils/sparkline';
import { Sparkline } from './sparkline';

type Insights = FunctionOutput<'insights-summary'>;
type Block = Insights['profile'];

/** One figure: 30-day total in the display face, the 7-day figure, and the sparkline of daily views. */
function ViewsCard({ title, block, testId }: { title: string; block: Block; testId: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const peak = peakDay(block.series);
  const summary = peak
    ? t('insights.sparklineSummary', {
        days: block.series.length,
        total: block.d30,
        peak: peak.views,
        day: dayFormat.format(new Date(`${peak.day}T00:00:00Z`)),
      })
    : t('insights.sparklineSummaryNone', { days: block.series.length });
  return (
    <Card className="grid gap-4 p-5 sm:p-6" data-testid={testId}>
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <p className="grid">
          <span className="font-display text-5xl font-semibold tabular-nums" data-testid={`${testId}-d30`}>
            {number.format(block.d30)}
          </span>
          <span className="text-sm text-muted-foreground">{t('insights.last30')}</span>
        </p>
        <p className="grid">
          <span className="font-display text-2xl font-semibold tabular-nums" data-testid={`${testId}-d7`}>
            {number.format(block.d7)}
          </span>
          <span className="text-sm text-muted-foreground">{t('insights.last7')}</span>
        </p>
      </div>
      <Sparkline values={block.series.map((p) => p.views)} summary={summary} />
    </Card>
  );
}

/** /me/insights: profile and item views, their sparklines, and the most viewed items (or the empty state). */
export function InsightsPage() {
  const { t, i18n } = useTranslation();
  const query = useInsights();
  const number = new Intl.NumberFormat(i18n.language);

  let body;
  if (query.error && !query.data) {
    body = (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(query.error))}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-52 rounded-xl" />
        <Skeleton className="h-52 rounded-xl" />
      </div>
    );
  } else {
    const { profile, items } = query.data;
    const empty = profile.d30 === 0 && items.d30 === 0 && items.top.length === 0;
    body = (
      <div className="grid gap-8">
        <div className="grid gap-4 md:grid-cols-2">
          <ViewsCard title={t('insights.profileViews')} block={profile} testId="insights-profile" />
          <ViewsCard title={t('insights.itemViews')} block={items} testId="insights-items" />
        </div>
        {empty ? (
          <EmptyState
            testId="insights-empty"
            illustration={<Eye className="size-12 text-muted-foreground" aria-hidden="true" />}
            title={t('insights.emptyTitle')}
            text={t('insights.emptyText')}
            action={
              <Button asChild variant="soft">
                <Link to={paths.myShelf.getHref()}>{t('nav.myShelf')}</Link>
              </Button>
            }
          />
        ) : (
          <section aria-labelledby="insights-top" className="grid gap-4">
            <h2 id="insights-top" className="font-display text-2xl font-semibold tracking-tight">
              {t('insights.topItems')}
            </h2>
            {items.top.length === 0 ? (
              <p className="text-muted-foreground">{t('insights.noTopItems')}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="insights-top-items">
                {items.top.map((item) => (
                  <li key={item.itemId}>
                    <Link
                      to={paths.item.getHref(item.itemId)}
                      className="group grid overflow-hidden rounded-xl border border-border bg-surface shadow-soft transition-shadow hover:shadow-lift focus-visible:outline-3 focus-visible:outline-ring"
                      data-testid="insights-top-item"
                    >
                      <span className="relative block aspect-[4/5] bg-surface-sunken">
                        {item.imageUrl ? (
                          <img src={item.imageUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
                        ) : (
                          <span className="absolute inset-0 flex items-center justify-center text-muted-foreground">
                            <ImageOff className="size-6" aria-hidden="true" />
                          </span>
                        )}
                      </span>
                      <span className="grid gap-0.5 p-2.5">
                        <span className="truncate text-sm font-medium">{item.title}</span>
                        <span className="text-xs text-muted-foreground">
                          {t('insights.views', { count: item.views30, formatted: number.format(item.views30) })}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <p className="text-sm text-muted-foreground">{t('insights.howCounted')}</p>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('insights.title')}</h1>
        <p className="text-muted-foreground">{t('insights.description')}</p>
      </div>
      {body}
    </div>
  );
}
