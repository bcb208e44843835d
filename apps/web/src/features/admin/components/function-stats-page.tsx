import type { AdminFunctionStats } from '@curio/contract';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useFunctionStats } from '../api/admin-users';
import { AdminSubpage } from './admin-subpage';

type Window = AdminFunctionStats['functions'][number]['hour'];

function useFormat() {
  const { t, i18n } = useTranslation();
  const int = new Intl.NumberFormat(i18n.language);
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const ms = (v: number | null) =>
    v === null ? '—' : t('adminFunctions.ms', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: v < 10 ? 1 : 0 }).format(v) });
  return { int: (n: number) => int.format(n), pct: (n: number) => pct.format(n), ms };
}

function WindowCells({ w, label }: { w: Window; label: string }) {
  const f = useFormat();
  return (
    <>
      <td className="py-2.5 pr-3 text-right tabular-nums" data-label={label}>
        {f.int(w.calls)}
      </td>
      <td className={cn('py-2.5 pr-3 text-right tabular-nums', w.serverErrors > 0 && 'font-semibold text-danger')}>{f.pct(w.errorRate)}</td>
      <td className="py-2.5 pr-3 text-right text-muted-foreground tabular-nums">{f.int(w.clientErrors)}</td>
      <td className="py-2.5 pr-3 text-right tabular-nums">{f.ms(w.p50)}</td>
      <td className="py-2.5 pr-3 text-right tabular-nums">{f.ms(w.p95)}</td>
    </>
  );
}

function StatsTable({ stats }: { stats: AdminFunctionStats }) {
  const { t } = useTranslation();
  const head = ['calls', 'errorRate', 'clientErrors', 'p50', 'p95'] as const;
  return (
    // Scrolls sideways inside its card on a phone; the page itself never does.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('adminFunctions.title')}>
      <table className="w-full min-w-[52rem] text-left text-sm" data-testid="function-stats-table">
        <caption className="sr-only">{t('adminFunctions.caption')}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" rowSpan={2} className="py-2 pr-3 align-bottom font-medium">
              {t('adminFunctions.function')}
            </th>
            <th scope="colgroup" colSpan={5} className="border-l border-border py-2 pl-3 text-center font-medium text-foreground">
              {t('adminFunctions.hour')}
            </th>
            <th scope="colgroup" colSpan={5} className="border-l border-border py-2 pl-3 text-center font-medium text-foreground">
              {t('adminFunctions.day')}
            </th>
          </tr>
          <tr>
            {[0, 1].map((g) =>
              head.map((h, i) => (
                <th
                  key={`${g}-${h}`}
                  scope="col"
                  className={cn('py-2 pr-3 text-right font-medium whitespace-nowrap', i === 0 && 'border-l border-border pl-3')}
                >
                  {t(`adminFunctions.${h}`)}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {stats.functions.map((fn) => (
            <tr key={fn.name} className="border-t border-border" data-testid="function-stats-row">
              <th scope="row" className="py-2.5 pr-3 font-mono text-sm font-medium whitespace-nowrap">
                {fn.name}
              </th>
              <WindowCells w={fn.hour} label={t('adminFunctions.hour')} />
              <WindowCells w={fn.day} label={t('adminFunctions.day')} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LatestErrors({ errors }: { errors: AdminFunctionStats['errors'] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  if (!errors.length) return <p className="text-muted-foreground">{t('adminFunctions.errorsEmpty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="function-errors">
      {errors.map((e) => (
        <li
          key={e.id}
          className="grid gap-1 rounded-lg border border-border p-3 text-sm sm:grid-cols-[7rem_1fr_auto] sm:items-center sm:gap-3"
          data-testid="function-error"
        >
          <span
            className={cn(
              'w-fit rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
              e.status >= 500 ? 'bg-danger-bg text-danger-fg' : 'bg-surface-sunken text-muted-foreground',
            )}
          >
            {e.status} {e.code ?? ''}
          </span>
          <span className="min-w-0">
            <span className="font-mono font-medium">{e.name}</span>
            <span className="block truncate font-mono text-xs text-muted-foreground" title={e.requestId ?? undefined}>
              <span className="sr-only">{t('adminFunctions.requestId')}: </span>
              {e.requestId ?? '—'}
            </span>
          </span>
          <time dateTime={e.at} className="text-muted-foreground tabular-nums sm:text-right">
            {time.format(new Date(e.at))}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** `/admin/functions` (admins; the route checks): calls, error rate and p50/p95 of every function over the last hour and day. */
export function FunctionStatsPage() {
  const { t } = useTranslation();
  return (
    <AdminSubpage ns="adminFunctions" query={useFunctionStats()}>
      {(data) => (
        <>
          <Card className="min-w-0">
            <CardContent className="pt-6">
              {data.functions.length ? <StatsTable stats={data} /> : <p className="text-muted-foreground">{t('adminFunctions.empty')}</p>}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t('adminFunctions.errors')}</CardTitle>
              <CardDescription>{t('adminFunctions.errorsHint')}</CardDescription>
            </CardHeader>
            <CardContent>
              <LatestErrors errors={data.errors} />
            </CardContent>
          </Card>
        </>
      )}
    </AdminSubpage>
  );
}
