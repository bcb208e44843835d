import { MODERATION_NOTE_MAX, type ModItem, type ReportAction, type ReportSummary, type ReportTarget } from '@curio/contract';
import { ArrowLeft, EyeOff, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { imageUrl } from '@/lib/image-url';
import { formatRelativeTime } from '@/lib/relative-time';
import { useModReport, useModReportAct } from '../api/moderation';
import { reasonText } from '../utils/labels';
import { ActionRow } from './actions-tab';
import { StatusBadge } from './status-badge';
import { DetailState } from './load-states';

/** One report: the content in context, the report and its reporter, other reports of it, earlier actions, and the actions. */
export function ReportDetail({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const query = useModReport(reportId);
  const back = (
    <Link to={paths.mod.getHref()} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-accent underline-offset-2 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('moderation.backToReports')}
    </Link>
  );
  if (query.isPending) return <DetailState back={back} />;
  if (query.error) return <DetailState back={back} failed={t('moderation.loadReportFailed')} onRetry={() => void query.refetch()} />;
  const { report, target, otherReports, actions } = query.data;
  const openCount = [report, ...otherReports].filter((r) => r.status === 'open').length;
  return (
    <div className="grid gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold tracking-tight">{t(`moderation.detailTitle.${report.targetType}`)}</h1>
        <StatusBadge value={report.status} kind="status" />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section
          aria-labelledby="mod-content-title"
          className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6"
          data-testid="report-content"
        >
          <h2 id="mod-content-title" className="font-semibold">
            {t('moderation.reportedContent')}
          </h2>
          <TargetView target={target} />
        </section>
        <div className="grid gap-6">
          <ReportFacts report={report} />
          <ActPanel report={report} target={target} openCount={openCount} />
        </div>
      </div>
      {otherReports.length ? (
        <section aria-labelledby="mod-other-title" className="grid gap-3">
          <h2 id="mod-other-title" className="font-semibold">
            {t('moderation.otherReports', { count: otherReports.length })}
          </h2>
          <ul className="grid gap-2" data-testid="other-reports">
            {otherReports.map((r) => (
              <li key={r.id}>
                <Link
                  to={paths.modReport.getHref(r.id)}
                  className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-surface p-3 text-sm hover:border-border-strong focus-visible:outline-3 focus-visible:outline-ring"
                >
                  <StatusBadge value={r.status} kind="status" />
                  <span className="font-medium">{reasonText(r.reason, t)}</span>
                  <span className="text-muted-foreground">
                    {r.reporter ? t('moderation.byReporter', { handle: r.reporter.handle }) : t('moderation.reporterGone')}
                  </span>
                  {r.note ? <span className="w-full break-words text-muted-foreground">“{r.note}”</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="mod-history-title" className="grid gap-3">
        <h2 id="mod-history-title" className="font-semibold">
          {t('moderation.earlierActions')}
        </h2>
        {actions.length ? (
          <ol className="grid gap-2" data-testid="earlier-actions">
            {actions.map((a) => (
              <ActionRow key={a.id} action={a} compact />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{t('moderation.noEarlierActions')}</p>
        )}
      </section>
    </div>
  );
}

function ReportFacts({ report }: { report: ReportSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="mod-report-title" className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6">
      <h2 id="mod-report-title" className="font-semibold">
        {t('moderation.theReport')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('moderation.reason')}</dt>
        <dd className="font-medium" data-testid="report-reason">
          {reasonText(report.reason, t)}
        </dd>
        <dt className="text-muted-foreground">{t('moderation.reporter')}</dt>
        <dd>
          {report.reporter ? (
            <Link to={paths.profile.getHref(report.reporter.handle)} className="font-medium text-accent underline-offset-2 hover:underline">
              @{report.reporter.handle}
            </Link>
          ) : (
            t('moderation.reporterGone')
          )}
        </dd>
        <dt className="text-muted-foreground">{t('moderation.filed')}</dt>
        <dd>
          <time dateTime={report.createdAt}>{formatRelativeTime(report.createdAt, i18n.language)}</time>
        </dd>
        <dt className="text-muted-foreground">{t('moderation.reportsOfTarget')}</dt>
        <dd className="tabular-nums">{report.targetReportCount}</dd>
      </dl>
      {report.note ? (
        <blockquote className="rounded-lg border-l-4 border-border-strong bg-surface-sunken p-3 text-sm break-words whitespace-pre-wrap">
          {report.note}
        </blockquote>
      ) : null}
    </section>
  );
}

function ActPanel({ report, target, openCount }: { report: ReportSummary; target: ReportTarget; openCount: number }) {
  const { t } = useTranslation();
  const id = useId();
  const act = useModReportAct();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [running, setRunning] = useState<ReportAction | null>(null);
  const gone = target.type === 'missing';
  const hidden = report.targetHidden;
  const available: ReportAction[] = [];
  if (!gone && (!hidden || openCount > 0)) available.push('hide');
  if (!gone && hidden) available.push('unhide');
  if (openCount > 0) available.push('dismiss');
  const tooLong = note.trim().length > MODERATION_NOTE_MAX;

  const run = (action: ReportAction) => {
    const trimmed = note.trim();
    if (!trimmed) return setNoteError(t('moderation.noteRequired'));
    if (tooLong) return;
    setRunning(action);
    act.mutate(
      { reportId: report.id, action, note: trimmed },
      {
        onSuccess: (res) => {
          toast.success(t(`moderation.done.${action}`, { count: res.closedReports }));
          setNote('');
        },
        onError: (error) => toast.error(t('moderation.actionFailed'), { description: t(errorMessageKey(error)) }),
        onSettled: () => setRunning(null),
      },
    );
  };

  return (
    <section
      aria-labelledby="mod-act-title"
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6"
      data-testid="report-actions"
    >
      <h2 id="mod-act-title" className="font-semibold">
        {t('moderation.act')}
      </h2>
      <p className="text-sm text-muted-foreground">{hidden ? t('moderation.stateHidden') : gone ? t('moderation.stateGone') : t('moderation.stateVisible')}</p>
      {available.length ? (
        <>
          <Field
            id={`${id}-note`}
            label={t('moderation.noteLabel')}
            hint={t('moderation.noteHint')}
            error={noteError ?? (tooLong ? t('moderation.noteTooLong', { max: MODERATION_NOTE_MAX }) : null)}
          >
            <Textarea
              id={`${id}-note`}
              value={note}
              rows={3}
              maxLength={MODERATION_NOTE_MAX + 100}
              required
              aria-required="true"
              aria-invalid={Boolean(noteError) || tooLong || undefined}
              aria-describedby={fieldDescribedBy(`${id}-note`, { error: noteError ?? (tooLong ? 'x' : null), hint: true })}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(null);
              }}
              data-testid="mod-note"
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            {available.map((action) => (
              <Button
                key={action}
                variant={action === 'hide' ? 'danger' : action === 'unhide' ? 'primary' : 'secondary'}
                disabled={act.isPending}
                onClick={() => run(action)}
                data-testid={`mod-act-${action}`}
              >
                {running === action ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
                {t(`moderation.do.${action}`, { count: openCount })}
              </Button>
            ))}
          </div>
        </>
      ) : (
        <p className="text-sm">{t('moderation.nothingToDo')}</p>
      )}
    </section>
  );
}

function Person({ handle, displayName, avatarImageId }: { handle: string; displayName: string; avatarImageId: string | null }) {
  return (
    <Link to={paths.profile.getHref(handle)} className="inline-flex min-h-11 items-center gap-2 font-medium hover:underline">
      <UserAvatar handle={displayName || handle} imageId={avatarImageId} className="size-8" />
      <span>
        {displayName} <span className="text-muted-foreground">@{handle}</span>
      </span>
    </Link>
  );
}

function HiddenNote({ hidden, dmca }: { hidden: boolean; dmca?: boolean }) {
  const { t } = useTranslation();
  if (!hidden) return null;
  return (
    <p className="inline-flex items-center gap-2 justify-self-start rounded-full bg-danger-bg px-3 py-1 text-xs font-semibold text-danger-fg">
      <EyeOff className="size-3.5" aria-hidden="true" />
      {dmca ? t('moderation.hiddenDmca') : t('moderation.hiddenNow')}
    </p>
  );
}

function ItemView({ item, compact = false }: { item: ModItem; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'flex items-center gap-3' : 'grid gap-3'} data-testid="report-item">
      {item.imageId ? (
        <img
          src={imageUrl(item.imageId, compact ? 'thumb' : 'public')}
          alt={item.title}
          className={
            compact
              ? 'size-16 rounded-lg border border-border object-cover'
              : 'max-h-96 w-full rounded-xl border border-border bg-surface-sunken object-contain'
          }
        />
      ) : null}
      <div className="grid gap-1">
        <Link to={paths.item.getHref(item.id)} className="font-display text-lg font-semibold text-accent underline-offset-2 hover:underline">
          {item.title}
        </Link>
        {item.owner ? <p className="text-sm text-muted-foreground">{t('moderation.byOwner', { handle: item.owner.handle })}</p> : null}
        {!compact && item.tags.length ? <p className="text-sm text-muted-foreground">{item.tags.map((tag) => `#${tag}`).join(' ')}</p> : null}
        <div className="flex flex-wrap gap-2">
          {item.nsfw ? <span className="rounded-md bg-foreground/85 px-2 py-0.5 text-xs font-semibold text-background">{t('common.nsfwBadge')}</span> : null}
          <HiddenNote hidden={item.hidden} dmca={item.hiddenSource === 'dmca'} />
        </div>
      </div>
      {!compact && item.photos.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t('moderation.sourcePhotos')}>
          {item.photos.map((p) => (
            <li key={p.imageId}>
              <img
                src={imageUrl(p.imageId, 'thumb')}
                alt={t('moderation.photoAlt', { role: p.role })}
                className="aspect-square w-full rounded-lg border border-border object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TargetView({ target }: { target: ReportTarget }) {
  const { t, i18n } = useTranslation();
  switch (target.type) {
    case 'item':
      return <ItemView item={target.item} />;
    case 'comment':
      return (
        <div className="grid gap-4">
          <figure className="grid gap-2 rounded-xl border border-border bg-surface-sunken p-4" data-testid="report-comment">
            <blockquote className="break-words whitespace-pre-wrap">{target.comment.body}</blockquote>
            <figcaption className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              {target.comment.author ? <Person {...target.comment.author} /> : t('moderation.authorGone')}
              <time dateTime={target.comment.createdAt}>{formatRelativeTime(target.comment.createdAt, i18n.language)}</time>
            </figcaption>
            <HiddenNote hidden={target.comment.hidden} />
          </figure>
          <div className="grid gap-2">
            <p className="text-sm font-medium text-muted-foreground">{t('moderation.onItem')}</p>
            <ItemView item={target.item} compact />
          </div>
        </div>
      );
    case 'profile':
      return (
        <div className="grid gap-3" data-testid="report-profile">
          <Person handle={target.profile.handle} displayName={target.profile.displayName} avatarImageId={target.profile.avatarImageId} />
          {target.profile.bio ? (
            <p className="text-sm break-words whitespace-pre-wrap">{target.profile.bio}</p>
          ) : (
            <p className="text-sm text-muted-foreground">{t('moderation.noBio')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            {!target.profile.public ? (
              <span className="rounded-full bg-surface-sunken px-3 py-1 text-xs font-semibold text-muted-foreground">{t('moderation.privateProfile')}</span>
            ) : null}
            <HiddenNote hidden={target.profile.hidden} />
          </div>
        </div>
      );
    case 'thread':
      return (
        <div className="grid gap-3" data-testid="report-thread">
          {target.reported ? (
            <div className="grid gap-1">
              <p className="text-sm font-medium text-muted-foreground">{t('moderation.reportedPerson')}</p>
              <Person {...target.reported} />
            </div>
          ) : null}
          <HiddenNote hidden={target.hidden} />
          {target.messages.length ? (
            <ol className="grid gap-2" aria-label={t('moderation.reportedMessages')}>
              {target.messages.map((m) => (
                <li key={m.id} className="grid gap-1 rounded-xl border border-border bg-surface-sunken p-3">
                  <p className="break-words whitespace-pre-wrap">{m.text}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={m.createdAt}>{formatRelativeTime(m.createdAt, i18n.language)}</time>
                    {m.hidden ? ` · ${t('moderation.hiddenNow')}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">{t('moderation.noMessages')}</p>
          )}
        </div>
      );
    default:
      return <p className="text-muted-foreground">{t('moderation.stateGone')}</p>;
  }
}
