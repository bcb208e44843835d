import { MODERATION_TARGET_TYPES, type ModerationActionEntry } from '@curio/contract';
import { History, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { useModActions } from '../api/moderation';
import { targetText } from '../utils/labels';
import { StatusBadge } from './status-badge';
import { ListSkeleton, LoadFailed } from './load-states';

/** Actions History: every moderation action, newest first, as recorded (append-only). */
export function ActionsTab() {
  const { t } = useTranslation();
  const [type, setType] = useState('all');
  const list = useModActions(type);
  const actions = list.data?.pages.flatMap((p) => p.actions) ?? [];
  return (
    <section aria-labelledby="mod-actions-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="mod-actions-title" className="font-display text-xl font-semibold">
          {t('moderation.tabs.history')}
        </h2>
        <label className="grid gap-1 text-sm font-medium">
          {t('moderation.typeFilter')}
          <NativeSelect value={type} onChange={(e) => setType(e.target.value)} className="min-w-44" data-testid="actions-type-filter">
            <option value="all">{t('moderation.types.all')}</option>
            {MODERATION_TARGET_TYPES.map((tt) => (
              <option key={tt} value={tt}>
                {t(`moderation.types.${tt}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {list.isPending ? (
        <ListSkeleton rowClassName="h-16" />
      ) : list.error && !list.data ? (
        <LoadFailed message={t('moderation.loadActionsFailed')} onRetry={() => void list.refetch()} />
      ) : actions.length === 0 ? (
        <EmptyState
          illustration={<History className="size-10 text-muted-foreground" aria-hidden="true" />}
          title={t('moderation.noActions')}
          testId="actions-empty"
        />
      ) : (
        <>
          <ol className="grid gap-2" data-testid="actions-list">
            {actions.map((a) => (
              <ActionRow key={a.id} action={a} />
            ))}
          </ol>
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

/** One recorded action: what, on what, by whom, when, and the note. */
export function ActionRow({ action, compact = false }: { action: ModerationActionEntry; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const label = targetText(action.targetType, action.targetLabel, t);
  return (
    <li className="grid gap-1.5 rounded-xl border border-border bg-surface p-3 sm:p-4" data-testid="action-row" data-action={action.action}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge value={action.action} kind="action" />
        {!compact ? (
          <>
            <span className="rounded-md bg-surface-sunken px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              {t(`moderation.types.${action.targetType}`)}
            </span>
            {action.reportId ? (
              <Link to={paths.modReport.getHref(action.reportId)} className="min-w-0 truncate font-medium text-accent underline-offset-2 hover:underline">
                {label}
              </Link>
            ) : (
              <span className="min-w-0 truncate font-medium">{label}</span>
            )}
          </>
        ) : null}
      </div>
      {action.note ? <p className="text-sm break-words whitespace-pre-wrap">{action.note}</p> : null}
      <p className="text-xs text-muted-foreground">
        {action.actor ? t('moderation.byModerator', { handle: action.actor.handle }) : t('moderation.moderatorGone')} ·{' '}
        <time dateTime={action.createdAt}>{formatRelativeTime(action.createdAt, i18n.language)}</time>
      </p>
    </li>
  );
}
