import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { formatRelativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { useThreads } from '../api/threads';

/** The conversations, latest first: person, last message, time, and the unread count. */
export function ThreadList({ activeId, viewerId }: { activeId: string | null; viewerId: string }) {
  const { t, i18n } = useTranslation();
  const threads = useThreads();

  if (threads.error && !threads.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-3 p-4">
        <p className="font-medium">{t(errorMessageKey(threads.error))}</p>
        <Button variant="secondary" size="sm" onClick={() => void threads.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!threads.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-2 p-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3 p-2">
            <Skeleton className="size-11 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3.5 w-3/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  const list = threads.data.pages.flatMap((page) => page.threads);
  if (list.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 p-6 text-center" data-testid="threads-empty">
        <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{t('messages.noThreads')}</p>
        <p className="text-sm text-muted-foreground">{t('messages.noThreadsText')}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-0.5 p-2" data-testid="thread-list" aria-label={t('messages.threadsLabel')}>
        {list.map((thread) => {
          const active = thread.id === activeId;
          const last = thread.lastMessage;
          const preview = last ? (last.senderId === viewerId ? t('messages.youPrefix', { text: last.text }) : last.text) : t('messages.noMessagesYet');
          return (
            <li key={thread.id}>
              <Link
                to={paths.messageThread.getHref(thread.id)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-xl p-2.5 transition-colors focus-visible:outline-3 focus-visible:outline-ring',
                  active ? 'bg-accent-soft' : 'hover:bg-surface-sunken',
                )}
                data-testid="thread-entry"
                data-thread-id={thread.id}
                data-unread={thread.unreadCount}
              >
                {thread.otherDeleted ? (
                  <span aria-hidden="true" className="size-11 shrink-0 rounded-full border border-dashed border-border-strong bg-surface-sunken" />
                ) : (
                  <UserAvatar handle={thread.other.displayName || thread.other.handle} imageId={thread.other.avatarImageId} className="size-11" />
                )}
                <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate', thread.unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
                      {thread.otherDeleted ? t('comments.deletedUser') : thread.other.displayName}
                    </span>
                    <time dateTime={thread.updatedAt} className="shrink-0 text-xs text-muted-foreground">
                      {formatRelativeTime(thread.updatedAt, i18n.language)}
                    </time>
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className={cn('truncate text-sm', thread.unreadCount > 0 ? 'text-foreground' : 'text-muted-foreground')}>{preview}</span>
                    {thread.unreadCount > 0 ? (
                      <span
                        className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-foreground tabular-nums"
                        data-testid="thread-unread"
                      >
                        <span aria-hidden="true">{thread.unreadCount}</span>
                        <span className="sr-only">{t('messages.unread', { count: thread.unreadCount })}</span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {threads.hasNextPage ? (
        <Button variant="ghost" size="sm" className="mx-2 mb-2" onClick={() => void threads.fetchNextPage()} disabled={threads.isFetchingNextPage}>
          {t('messages.showMore')}
        </Button>
      ) : null}
    </div>
  );
}
