import { DMCA_STATUSES, MODERATION_NOTE_MAX, type DmcaAction, type DmcaNotice, type DmcaStatus, type DmcaSummary, type ModItem } from '@curio/contract';
import { ArrowLeft, ChevronRight, ExternalLink, EyeOff, FileText, Loader2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { imageUrl } from '@/lib/image-url';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useModDmca, useModDmcaAct, useModDmcaList } from '../api/dmca';
import { ActionRow } from './actions-tab';
import { DetailState, ListSkeleton, LoadFailed } from './load-states';

const FILTERS = [...DMCA_STATUSES, 'all'] as const;
type Filter = (typeof FILTERS)[number];

const TONES: Record<DmcaStatus, string> = {
  open: 'border-warning-fg/30 bg-warning-bg text-warning-fg',
  needinfo: 'border-info-fg/30 bg-info-bg text-info-fg',
  hidden: 'border-danger/40 bg-danger-bg text-danger-fg',
  dismissed: 'border-border bg-surface-sunken text-muted-foreground',
  resolved: 'border-border bg-surface-sunken text-muted-foreground',
};

/** What each action may follow (the server's DMCA_TRANSITIONS): the buttons offered for a status. */
const AVAILABLE: Record<DmcaStatus, DmcaAction[]> = {
  open: ['hide', 'needinfo', 'dismiss', 'resolve'],
  needinfo: ['hide', 'needinfo', 'dismiss', 'resolve'],
  hidden: ['resolve'],
  dismissed: [],
  resolved: [],
};

function DmcaStatusBadge({ status }: { status: DmcaStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}
      data-testid="dmca-status"
    >
      {t(`dmcaReview.status.${status}`)}
    </span>
  );
}

/**
 * The DMCA tab of the moderation dashboard: notices by status with counts, newest first; the chosen
 * notice (`?id=`, the reference the operators' mail links to) beside the list with its item in
 * context, earlier actions and the actions.
 */
export function DmcaTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const status: Filter = FILTERS.includes(search.get('status') as Filter) ? (search.get('status') as Filter) : 'open';
  const selected = search.get('id');
  const list = useModDmcaList(status);
  const counts = list.data?.pages[0]?.counts;
  const notices = list.data?.pages.flatMap((p) => p.notices) ?? [];

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };

  return (
    <section aria-labelledby="mod-dmca-title" className="grid gap-4" data-testid="dmca-tab">
      <h2 id="mod-dmca-title" className="sr-only">
        {t('moderation.tabs.dmca')}
      </h2>
      <div
        role="group"
        aria-label={t('dmcaReview.statusFilter')}
        className={cn('flex flex-wrap gap-2', selected && 'max-lg:hidden')}
        data-testid="dmca-status-filter"
      >
        {FILTERS.map((f) => {
          const count = !counts ? null : f === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[f];
          return (
            <Button
              key={f}
              size="sm"
              variant={status === f ? 'soft' : 'secondary'}
              aria-pressed={status === f}
              onClick={() => update({ status: f === 'open' ? null : f })}
              data-testid={`dmca-filter-${f}`}
            >
              {t(`dmcaReview.filter.${f}`)}
              {count !== null ? <span className="rounded-full bg-surface/70 px-1.5 text-xs tabular-nums">{count}</span> : null}
            </Button>
          );
        })}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {/* One column that may shrink (grid-cols-1 is minmax(0, 1fr)): an implicit column grew to a long title's
            width, under the truncation, and the list ran under the detail pane. */}
        <div className={cn('grid grid-cols-1 gap-3', selected && 'max-lg:hidden')}>
          {list.isPending ? (
            <ListSkeleton rowClassName="h-20" />
          ) : list.error && !list.data ? (
            <LoadFailed message={t('dmcaReview.loadListFailed')} onRetry={() => void list.refetch()} />
          ) : notices.length === 0 ? (
            <EmptyState
              illustration={<FileText className="size-10 text-muted-foreground" aria-hidden="true" />}
              title={t(`dmcaReview.empty.${status}`)}
              text={t('dmcaReview.emptyText')}
              testId="dmca-empty"
            />
          ) : (
            <>
              <ul className="grid grid-cols-1 gap-2" data-testid="dmca-list">
                {notices.map((n) => (
                  <NoticeRow key={n.id} notice={n} selected={n.id === selected} onSelect={() => update({ id: n.id })} />
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
        </div>
        {selected ? (
          <NoticeDetail key={selected} id={selected} onBack={() => update({ id: null })} />
        ) : (
          <p className="hidden rounded-2xl border border-dashed border-border-strong p-8 text-center text-sm text-muted-foreground lg:block">
            {t('dmcaReview.selectPrompt')}
          </p>
        )}
      </div>
    </section>
  );
}

function NoticeRow({ notice, selected, onSelect }: { notice: DmcaSummary; selected: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li data-testid="dmca-row" data-status={notice.status} data-id={notice.id}>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-3 rounded-xl border bg-surface p-3 text-left shadow-soft transition-colors hover:border-border-strong focus-visible:outline-3 focus-visible:outline-ring sm:p-4',
          selected ? 'border-accent ring-1 ring-accent' : 'border-border',
        )}
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs font-semibold text-muted-foreground">{notice.id}</span>
            <span className="min-w-0 truncate font-medium">
              {notice.itemTitle ? t('moderation.quoted', { text: notice.itemTitle }) : t('dmcaReview.noItemShort')}
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="min-w-0 truncate">{notice.claimantName}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={notice.createdAt}>{formatRelativeTime(notice.createdAt, i18n.language)}</time>
          </span>
        </span>
        <DmcaStatusBadge status={notice.status} />
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </button>
    </li>
  );
}

function NoticeDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation();
  const query = useModDmca(id);
  const back = (
    <Button variant="ghost" size="sm" className="-ml-3 justify-self-start lg:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      {t('dmcaReview.back')}
    </Button>
  );
  if (query.isPending) return <DetailState back={back} />;
  if (query.error) return <DetailState back={back} failed={t('dmcaReview.loadDetailFailed')} onRetry={() => void query.refetch()} />;
  const { notice, item, actions } = query.data;
  return (
    <article aria-labelledby="dmca-detail-title" className="grid gap-5" data-testid="dmca-detail">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="dmca-detail-title" className="font-mono text-xl font-semibold tracking-wide">
          {notice.id}
        </h3>
        <DmcaStatusBadge status={notice.status} />
      </div>
      <section
        aria-labelledby="dmca-item-title"
        className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6"
        data-testid="dmca-item"
      >
        <h4 id="dmca-item-title" className="font-semibold">
          {t('dmcaReview.item')}
        </h4>
        {item ? <ItemInContext item={item} /> : <p className="text-sm text-muted-foreground">{t('dmcaReview.itemNone')}</p>}
      </section>
      <NoticeFacts notice={notice} />
      <ActPanel notice={notice} hasItem={!!item} />
      <section aria-labelledby="dmca-history-title" className="grid gap-3">
        <h4 id="dmca-history-title" className="font-semibold">
          {t('dmcaReview.history')}
        </h4>
        {actions.length ? (
          <ol className="grid gap-2" data-testid="dmca-actions">
            {actions.map((a) => (
              <ActionRow key={a.id} action={a} compact />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{t('dmcaReview.noHistory')}</p>
        )}
      </section>
    </article>
  );
}

function ItemInContext({ item }: { item: ModItem }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-start gap-4">
        {item.imageId ? (
          <img
            src={imageUrl(item.imageId, 'thumb')}
            alt={item.title}
            className="aspect-[4/5] w-28 rounded-xl border border-border bg-surface-sunken object-cover"
          />
        ) : null}
        <div className="grid min-w-0 flex-1 gap-1">
          <Link
            to={paths.item.getHref(item.id)}
            className="inline-flex items-center gap-1.5 font-display text-lg font-semibold break-words text-accent underline-offset-2 hover:underline"
          >
            {item.title}
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('dmcaReview.viewItem')}</span>
          </Link>
          <p className="text-sm text-muted-foreground">
            {item.owner ? (
              <Link to={paths.profile.getHref(item.owner.handle)} className="underline-offset-2 hover:underline">
                {t('moderation.byOwner', { handle: item.owner.handle })}
              </Link>
            ) : (
              t('dmcaReview.ownerGone')
            )}
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            {item.hidden ? (
              <span
                className="inline-flex items-center gap-1.5 rounded-full bg-danger-bg px-3 py-1 text-xs font-semibold text-danger-fg"
                data-testid="dmca-item-state"
              >
                <EyeOff className="size-3.5" aria-hidden="true" />
                {item.hiddenSource === 'dmca' ? t('dmcaReview.itemHiddenDmca') : t('dmcaReview.itemHidden')}
              </span>
            ) : (
              <span className="rounded-full bg-surface-sunken px-3 py-1 text-xs font-semibold text-muted-foreground" data-testid="dmca-item-state">
                {t('dmcaReview.itemVisible')}
              </span>
            )}
            {item.nsfw ? <span className="rounded-md bg-foreground/85 px-2 py-0.5 text-xs font-semibold text-background">{t('common.nsfwBadge')}</span> : null}
          </div>
        </div>
      </div>
      {item.photos.length ? (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label={t('dmcaReview.photos')}>
          {item.photos.map((p) => (
            <li key={p.imageId}>
              <img
                src={imageUrl(p.imageId, 'thumb')}
                alt={t('dmcaReview.photoAlt', { role: p.role })}
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

function UrlList({ urls }: { urls: string[] }) {
  const { t } = useTranslation();
  if (!urls.length) return <span className="text-muted-foreground">{t('dmcaReview.none')}</span>;
  return (
    <ul className="grid gap-1">
      {urls.map((u) => (
        <li key={u} className="break-all">
          <a href={u} target="_blank" rel="noopener noreferrer nofollow" className="text-accent underline-offset-2 hover:underline">
            {u}
          </a>
        </li>
      ))}
    </ul>
  );
}

function NoticeFacts({ notice }: { notice: DmcaNotice }) {
  const { t, i18n } = useTranslation();
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </>
  );
  return (
    <section
      aria-labelledby="dmca-notice-title"
      className="grid gap-3 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6"
      data-testid="dmca-notice"
    >
      <h4 id="dmca-notice-title" className="font-semibold">
        {t('dmcaReview.notice')}
      </h4>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {row(t('dmcaReview.claimant'), <span className="font-medium">{notice.claimantName}</span>)}
        {row(
          t('dmcaReview.email'),
          <a href={`mailto:${notice.claimantEmail}?subject=${encodeURIComponent(notice.id)}`} className="text-accent underline-offset-2 hover:underline">
            {notice.claimantEmail}
          </a>,
        )}
        {row(
          t('dmcaReview.address'),
          notice.claimantAddress ? (
            <span className="whitespace-pre-wrap">{notice.claimantAddress}</span>
          ) : (
            <span className="text-muted-foreground">{t('dmcaReview.none')}</span>
          ),
        )}
        {row(t('dmcaReview.phone'), notice.claimantPhone ?? <span className="text-muted-foreground">{t('dmcaReview.none')}</span>)}
        {row(
          t('dmcaReview.received'),
          <time dateTime={notice.createdAt}>
            {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notice.createdAt))}
          </time>,
        )}
        {row(t('dmcaReview.work'), <span className="whitespace-pre-wrap">{notice.workDescription}</span>)}
        {row(t('dmcaReview.originalUrls'), <UrlList urls={notice.originalUrls} />)}
        {row(t('dmcaReview.infringingUrls'), <UrlList urls={notice.infringingUrls} />)}
        {row(t('dmcaReview.statements'), notice.goodFaith && notice.perjury ? t('dmcaReview.statementsConfirmed') : t('dmcaReview.none'))}
        {row(t('dmcaReview.signature'), <span className="font-medium italic">{notice.signature}</span>)}
      </dl>
    </section>
  );
}

function ActPanel({ notice, hasItem }: { notice: DmcaNotice; hasItem: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const act = useModDmcaAct();
  const available = AVAILABLE[notice.status].filter((a) => a !== 'hide' || hasItem);
  const [action, setAction] = useState<DmcaAction | null>(available[0] ?? null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const tooLong = note.trim().length > MODERATION_NOTE_MAX;
  const chosen = action && available.includes(action) ? action : (available[0] ?? null);

  const run = () => {
    if (!chosen) return;
    const trimmed = note.trim();
    if (!trimmed) {
      setNoteError(t('moderation.noteRequired'));
      document.getElementById(`${id}-note`)?.focus();
      return;
    }
    if (tooLong) return;
    act.mutate(
      { id: notice.id, action: chosen, note: trimmed },
      {
        onSuccess: () => {
          toast.success(t(`dmcaReview.done.${chosen}`));
          setNote('');
        },
        onError: (error) => toast.error(t('dmcaReview.actionFailed'), { description: t(errorMessageKey(error)) }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-2xl border border-border bg-surface p-4 shadow-soft sm:p-6"
      data-testid="dmca-actions-panel"
    >
      <h4 id={`${id}-title`} className="font-semibold">
        {t('dmcaReview.act')}
      </h4>
      {chosen ? (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('dmcaReview.actionLabel')}</legend>
            <div className="flex flex-wrap gap-2">
              {available.map((a) => (
                <label
                  key={a}
                  className={cn(
                    'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring sm:min-h-9',
                    chosen === a
                      ? a === 'hide'
                        ? 'border-danger bg-danger-bg text-danger-fg'
                        : 'border-accent bg-accent-soft text-accent-soft-foreground'
                      : 'border-border-strong bg-surface hover:bg-surface-sunken',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-action`}
                    value={a}
                    checked={chosen === a}
                    onChange={() => setAction(a)}
                    className="sr-only"
                    data-testid={`dmca-choose-${a}`}
                  />
                  {t(`dmcaReview.do.${a}`)}
                </label>
              ))}
            </div>
            <p className="text-sm text-muted-foreground" data-testid="dmca-action-explain">
              {t(`dmcaReview.explain.${chosen}`)}
            </p>
          </fieldset>
          <Field
            id={`${id}-note`}
            label={t('dmcaReview.noteLabel')}
            hint={chosen === 'needinfo' ? t('dmcaReview.noteHintNeedinfo') : t('dmcaReview.noteHint')}
            error={noteError ?? (tooLong ? t('moderation.noteTooLong', { max: MODERATION_NOTE_MAX }) : null)}
          >
            <Textarea
              id={`${id}-note`}
              value={note}
              rows={3}
              maxLength={MODERATION_NOTE_MAX + 100}
              aria-required="true"
              aria-invalid={Boolean(noteError) || tooLong || undefined}
              aria-describedby={fieldDescribedBy(`${id}-note`, { error: noteError ?? (tooLong ? 'x' : null), hint: true })}
              onChange={(e) => {
                setNote(e.target.value);
                setNoteError(null);
              }}
              data-testid="dmca-note"
            />
          </Field>
          <Button
            variant={chosen === 'hide' ? 'danger' : 'primary'}
            className="justify-self-start"
            disabled={act.isPending}
            onClick={run}
            data-testid="dmca-act"
          >
            {act.isPending ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {t(`dmcaReview.confirm.${chosen}`)}
          </Button>
        </>
      ) : (
        <p className="text-sm">{t('dmcaReview.closed')}</p>
      )}
    </section>
  );
}
