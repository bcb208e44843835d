import type { AdminJobs } from '@curio/contract';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessageKey } from '@/lib/error-messages';
import { cn } from '@/lib/utils';
import { useAdminJobs, useFailedJobAction } from '../api/admin-jobs';
import { AdminSubpage } from './admin-subpage';

type FailedJob = AdminJobs['failed'][number];
type JobProcess = AdminJobs['processes'][number];
const COUNTS = ['waiting', 'retrying', 'active', 'failed'] as const;
/** A queue whose oldest ready job has waited longer than this is shown as behind. */
const BEHIND_SECONDS = 60;

type Queue = AdminJobs['queues'][number];
/** A count's emphasis, the same in the phone's blocks and the table: zero muted, failed jobs in red. */
const countClass = (q: Queue, c: (typeof COUNTS)[number]) =>
  cn(q[c] === 0 && 'text-muted-foreground', c === 'failed' && q.failed > 0 && 'font-semibold text-danger');
/** The oldest wait in red once it passes a minute. */
const waitClass = (q: Queue) => (q.oldestWaitingSeconds > BEHIND_SECONDS ? 'font-semibold text-danger' : 'text-muted-foreground');

/** "—", "42 s", "5 min", "1.5 h". */
function useWait() {
  const { t, i18n } = useTranslation();
  const num = (v: number, digits = 0) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  return (seconds: number) => {
    if (seconds <= 0) return '—';
    if (seconds < 60) return t('adminJobs.seconds', { value: num(Math.max(1, Math.round(seconds))) });
    if (seconds < 3600) return t('adminJobs.minutes', { value: num(Math.round(seconds / 60)) });
    return t('adminJobs.hours', { value: num(seconds / 3600, 1) });
  };
}

function QueuesTable({ queues }: { queues: Queue[] }) {
  const { t, i18n } = useTranslation();
  const int = new Intl.NumberFormat(i18n.language);
  const wait = useWait();
  return (
    <>
      {/* A phone: one block per queue, every figure labelled (a table this wide would scroll sideways). */}
      <ul className="grid gap-2 sm:hidden" data-testid="job-queues-list">
        {queues.map((q) => (
          <li key={q.queue} className="grid gap-2 rounded-lg border border-border p-3 text-sm" data-testid="job-queue-item">
            <span className="font-mono font-medium">{q.queue}</span>
            <dl className="grid grid-cols-3 gap-x-3 gap-y-1.5">
              {COUNTS.map((c) => (
                <div key={c} className="grid">
                  <dt className="text-xs text-muted-foreground">{t(`adminJobs.${c}`)}</dt>
                  <dd className={cn('tabular-nums', countClass(q, c))}>{int.format(q[c])}</dd>
                </div>
              ))}
              <div className="grid">
                <dt className="text-xs text-muted-foreground">{t('adminJobs.oldestWait')}</dt>
                <dd className={cn('tabular-nums', waitClass(q))}>{wait(q.oldestWaitingSeconds)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={t('adminJobs.queuesTitle')}>
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="job-queues-table">
          <caption className="sr-only">{t('adminJobs.caption')}</caption>
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('adminJobs.queue')}
              </th>
              {COUNTS.map((c) => (
                <th key={c} scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                  {t(`adminJobs.${c}`)}
                </th>
              ))}
              <th scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                {t('adminJobs.oldestWait')}
              </th>
            </tr>
          </thead>
          <tbody>
            {queues.map((q) => (
              <tr key={q.queue} className="border-t border-border" data-testid="job-queue-row">
                <th scope="row" className="py-2.5 pr-3 font-mono text-sm font-medium whitespace-nowrap">
                  {q.queue}
                </th>
                {COUNTS.map((c) => (
                  <td key={c} className={cn('py-2.5 pr-3 text-right tabular-nums', countClass(q, c))}>
                    {int.format(q[c])}
                  </td>
                ))}
                <td className={cn('py-2.5 pr-3 text-right tabular-nums', waitClass(q))}>{wait(q.oldestWaitingSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The processes working the queue by their heartbeat: alive, or not beating (died or hangs), with what each works. */
function Processes({ processes }: { processes: JobProcess[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const wait = useWait();
  if (!processes.length) return <p className="text-muted-foreground">{t('adminJobs.processesEmpty')}</p>;
  return (
    <ul className="grid gap-2" data-testid="job-processes">
      {processes.map((p) => (
        <li key={p.id} className="grid gap-1.5 rounded-lg border border-border p-3 text-sm" data-testid="job-process">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
                p.alive ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger',
              )}
              data-testid="job-process-state"
            >
              <span aria-hidden="true" className={cn('size-1.5 rounded-full', p.alive ? 'bg-success' : 'bg-danger')} />
              {p.alive ? t('adminJobs.alive') : t('adminJobs.notBeating')}
            </span>
            <span className="font-mono font-medium break-all">
              {p.host} · {p.pid}
            </span>
            {p.self ? <span className="text-xs text-muted-foreground">{t('adminJobs.thisProcess')}</span> : null}
          </span>
          <span className="text-muted-foreground">
            {t('adminJobs.lastBeat', { wait: p.secondsSinceBeat < 1 ? t('adminJobs.justNow') : wait(p.secondsSinceBeat) })} ·{' '}
            {t('adminJobs.startedAt', { time: time.format(new Date(p.startedAt)) })}
          </span>
          <span className="flex flex-wrap gap-1.5" aria-label={t('adminJobs.processQueues')}>
            {p.queues.map((q) => (
              <span key={q} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
                {q}
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

function FailedJobs({ jobs }: { jobs: FailedJob[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const retry = useFailedJobAction('retry');
  const drop = useFailedJobAction('drop');
  const [confirm, setConfirm] = useState<FailedJob | null>(null);
  if (!jobs.length) return <p className="text-muted-foreground">{t('adminJobs.failedEmpty')}</p>;
  const busy = (job: FailedJob) => (retry.isPending && retry.variables?.jobId === job.id) || (drop.isPending && drop.variables?.jobId === job.id);
  return (
    <>
      <ul className="grid gap-2" data-testid="failed-jobs">
        {jobs.map((job) => (
          <li
            key={job.id}
            className="grid gap-2 rounded-lg border border-border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-3"
            data-testid="failed-job"
          >
            <div className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-mono font-medium">{job.queue}</span>
                <span className="text-muted-foreground">{t('adminJobs.attempts', { count: job.attempts })}</span>
                {job.failedAt ? (
                  <time dateTime={job.failedAt} className="text-muted-foreground tabular-nums">
                    {time.format(new Date(job.failedAt))}
                  </time>
                ) : null}
              </span>
              <span className="font-mono text-xs break-words text-danger">{job.error ?? t('adminJobs.noError')}</span>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={busy(job)}
                data-testid="failed-job-retry"
                onClick={() =>
                  retry.mutate(
                    { queue: job.queue, jobId: job.id },
                    { onSuccess: () => toast.success(t('adminJobs.retried')), onError: (error) => toast.error(t(errorMessageKey(error))) },
                  )
                }
              >
                <RotateCcw aria-hidden="true" />
                {t('adminJobs.retry')}
              </Button>
              <Button variant="ghost" size="sm" disabled={busy(job)} data-testid="failed-job-drop" onClick={() => setConfirm(job)}>
                <Trash2 aria-hidden="true" />
                {t('adminJobs.drop')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!confirm}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t('adminJobs.dropTitle')}
        description={t('adminJobs.dropText', { queue: confirm?.queue ?? '' })}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('adminJobs.drop')}
        confirmTestId="failed-job-drop-confirm"
        onConfirm={() => {
          if (!confirm) return;
          drop.mutate(
            { queue: confirm.queue, jobId: confirm.id },
            { onSuccess: () => toast.success(t('adminJobs.dropped')), onError: (error) => toast.error(t(errorMessageKey(error))) },
          );
        }}
      />
    </>
  );
}

/** One card of the page: its title and hint (`adminJobs.<part>Title`, `…Hint`), then the figures. */
function Section({ part, children }: { part: 'queues' | 'processes' | 'failed'; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{t(`adminJobs.${part}Title`)}</CardTitle>
        <CardDescription>{t(`adminJobs.${part}Hint`)}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** `/admin/jobs` (admins; the route checks): every job queue by state, the processes working it, and the failed jobs to retry or drop. */
export function JobQueuePage() {
  const { t } = useTranslation();
  return (
    <AdminSubpage ns="adminJobs" query={useAdminJobs()}>
      {(data) => (
        <>
          <Section part="queues">
            {data.queues.length ? <QueuesTable queues={data.queues} /> : <p className="text-muted-foreground">{t('adminJobs.notStarted')}</p>}
          </Section>
          <Section part="processes">
            <Processes processes={data.processes} />
          </Section>
          <Section part="failed">
            <FailedJobs jobs={data.failed} />
          </Section>
        </>
      )}
    </AdminSubpage>
  );
}
