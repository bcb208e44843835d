import type { NotificationListEntry } from '@curio/contract';
import { AtSign, BellOff, CheckCheck, Eye, Heart, MessageCircle, RotateCcw, ShieldAlert, ShieldCheck, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useMarkNotificationsRead, useNotifications } from '../api/get-notifications';
import { groupByDay, notificationHref, notificationText } from '../utils/notification-text';

const KIND_ICONS = {
  follow: UserPlus,
  like: Heart,
  comment: MessageCircle,
  mention: AtSign,
  report_outcome: ShieldCheck,
  item_hidden: ShieldAlert,
  item_restored: Eye,
  report_reversed: RotateCcw,
} as const;
/** Entries from the moderators, not a person: the site's shield instead of an avatar. */
const FROM_MODERATORS = new Set(['report_outcome', 'item_hidden', 'item_restored', 'report_reversed']);

/** The notifications page: newest first, grouped by day; unseen entries tinted with a dot; mark-all-read when any is unseen. */
export function NotificationsList() {
  const { t } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();

  if (list.error && !list.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-4 rounded-xl border border-border bg-surface p-6">
        <p className="font-medium">{t(errorMessageKey(list.error))}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const entries = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnseen = entries.some((entry) => !entry.seen);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{t('notifications.title')}</h1>
        {anyUnseen ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => markRead.mutate(undefined, { onError: () => toast.error(t('common.error')) })}
            disabled={markRead.isPending}
            data-testid="notifications-mark-all"
          >
            <CheckCheck className="size-4" aria-hidden="true" />
            {t('notifications.markAllRead')}
          </Button>
        ) : null}
      </div>

      {!list.data ? (
        <div role="status" aria-label={t('common.loading')} className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : entries.length === 0 ? (
        <EmptyState
          testId="notifications-empty"
          illustration={<BellOff className="size-12 text-muted-foreground" aria-hidden="true" />}
          title={t('notifications.emptyTitle')}
          text={t('notifications.emptyText')}
          action={
            <Button asChild variant="soft">
              <Link to={paths.explore.getHref()}>{t('nav.explore')}</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6" data-testid="notifications-list">
          {groupByDay(entries).map((group) => (
            <section key={`${group.group}-${group.entries[0]?.id}`} aria-labelledby={`notifications-${group.group}`} className="grid gap-2">
              <h2 id={`notifications-${group.group}`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t(`notifications.groups.${group.group}`)}
              </h2>
              <ul className="grid gap-2">
                {group.entries.map((entry) => (
                  <NotificationRow key={entry.id} entry={entry} onOpen={() => !entry.seen && markRead.mutate(entry.ids)} />
                ))}
              </ul>
            </section>
          ))}
          {list.hasNextPage ? (
            <Button variant="secondary" className="justify-self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {t('notifications.showMore')}
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}

function NotificationRow({ entry, onOpen }: { entry: NotificationListEntry; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const text = notificationText(entry, t);
  const href = notificationHref(entry);
  const Icon = KIND_ICONS[entry.kind];
  const actor = entry.actorProfile;
  const body = (
    <>
      <span className="relative shrink-0">
        {FROM_MODERATORS.has(entry.kind) ? (
          <span aria-hidden="true" className="inline-flex size-10 items-center justify-center rounded-full bg-accent-soft text-accent-soft-foreground">
            <ShieldCheck className="size-5" />
          </span>
        ) : (
          <UserAvatar handle={actor ? actor.display_name || actor.handle : '?'} imageId={actor?.avatar_image_id ?? null} className="size-10" />
        )}
        <span
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 inline-flex size-5 items-center justify-center rounded-full bg-surface text-accent shadow-soft"
        >
          <Icon className={cn('size-3', entry.kind === 'like' && 'fill-current')} />
        </span>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="break-words" data-testid="notification-text">
          {text}
        </span>
        <time dateTime={entry.created_at} className="text-sm text-muted-foreground">
          {formatRelativeTime(entry.created_at, i18n.language)}
        </time>
      </span>
      {!entry.seen ? (
        <>
          <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-accent" data-testid="notification-unseen-dot" />
          <span className="sr-only">{t('notifications.unseen')}</span>
        </>
      ) : null}
    </>
  );
  const rowClass = cn('flex items-center gap-3 rounded-xl border p-3 sm:p-4', entry.seen ? 'border-border bg-surface' : 'border-accent/40 bg-accent-soft/40');
  return (
    <li data-testid="notification" data-kind={entry.kind} data-seen={entry.seen ? 'true' : 'false'}>
      {href ? (
        <Link
          to={href}
          onClick={onOpen}
          className={cn(rowClass, 'transition-colors hover:border-border-strong focus-visible:outline-3 focus-visible:outline-ring')}
        >
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}
