import { dmReportInputSchema } from '@curio/contract';
import { ArrowLeft, Ban, Flag, MoreVertical } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { OptionalMark } from '@/components/ui/optional-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { useBlockUser, useMarkThreadRead, useReportThread, useSendMessage, useThreadMessages, type Thread } from '../api/threads';
import { chronological, dayKey, sendErrorKey } from '../utils/message-error';
import { MessageComposer } from './message-composer';

/** One conversation: its header (person, block, report), the messages with day separators, and the composer. */
export function Conversation({ threadId, viewerId }: { threadId: string; viewerId: string }) {
  const { t, i18n } = useTranslation();
  const query = useThreadMessages(threadId);
  const send = useSendMessage(threadId);
  const markRead = useMarkThreadRead();
  const [sendError, setSendError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const thread = query.data?.pages[0]?.thread;
  const messages = chronological(query.data?.pages.map((page) => page.messages) ?? []);
  const lastId = messages[messages.length - 1]?.id;
  const unread = thread?.unreadCount ?? 0;

  // Opening the thread (and each new message while it is open) marks it read.
  const { mutate: markThreadRead } = markRead;
  useEffect(() => {
    if (lastId && unread > 0) markThreadRead(threadId);
  }, [lastId, unread, threadId, markThreadRead]);

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // A thread that went away (a block hides it from both sides) is gone even if it was on screen.
  const missing = isApiError(query.error) && query.error.code === 'not_found';
  if (query.error && (!query.data || missing)) {
    return (
      <div role="alert" className="grid h-full content-center justify-items-center gap-4 p-6 text-center" data-testid="conversation-error">
        <p className="font-medium">{missing ? t('messages.threadNotFound') : t(errorMessageKey(query.error))}</p>
        {missing ? (
          <Button asChild variant="secondary">
            <Link to={paths.messages.getHref()}>{t('messages.backToList')}</Link>
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  }
  if (!thread) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid content-start gap-3 p-4">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
        <Skeleton className="h-10 w-1/2 rounded-2xl" />
      </div>
    );
  }

  const onSend = async (text: string) => {
    setSendError(null);
    try {
      await send.mutateAsync(text);
      return true;
    } catch (error) {
      setSendError(t(sendErrorKey(error)));
      return false;
    }
  };

  const otherName = thread.otherDeleted ? t('comments.deletedUser') : thread.other.displayName;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <section aria-labelledby={`thread-title-${threadId}`} className="flex h-full min-h-0 flex-col" data-testid="conversation" data-thread-id={threadId}>
      <ConversationHeader thread={thread} threadId={threadId} />
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5" data-testid="message-scroller">
        {query.hasNextPage ? (
          <div className="mb-4 flex justify-center">
            <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('messages.loadEarlier')}
            </Button>
          </div>
        ) : null}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground" data-testid="conversation-empty">
            {t('messages.conversationEmpty', { name: otherName })}
          </p>
        ) : (
          <ol className="grid gap-1.5" aria-label={t('messages.listLabel')} aria-live="polite" data-testid="message-list">
            {messages.map((message, index) => {
              const mine = message.senderId === viewerId;
              const newDay = index === 0 || dayKey(messages[index - 1]!.createdAt) !== dayKey(message.createdAt);
              return (
                <Fragment key={message.id}>
                  {newDay ? (
                    <li aria-hidden="true" className="my-3 flex items-center gap-3 text-xs font-medium text-muted-foreground">
                      <span className="h-px flex-1 bg-border" />
                      {day.format(new Date(message.createdAt))}
                      <span className="h-px flex-1 bg-border" />
                    </li>
                  ) : null}
                  <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message" data-mine={mine ? 'true' : 'false'}>
                    <div
                      className={cn(
                        'max-w-[85%] rounded-2xl px-3.5 py-2 shadow-soft sm:max-w-[70%]',
                        mine ? 'rounded-br-md bg-accent text-accent-foreground' : 'rounded-bl-md border border-border bg-surface',
                      )}
                    >
                      <span className="sr-only">{mine ? t('messages.you') : otherName}: </span>
                      <p className="break-words whitespace-pre-wrap" data-testid="message-text">
                        {message.text}
                      </p>
                      <time
                        dateTime={message.createdAt}
                        className={cn('mt-0.5 block text-right text-xs', mine ? 'text-accent-foreground' : 'text-muted-foreground')}
                      >
                        {time.format(new Date(message.createdAt))}
                      </time>
                    </div>
                  </li>
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      {thread.canSend ? (
        <MessageComposer onSend={onSend} sending={send.isPending} error={sendError} />
      ) : (
        <p className="border-t border-border bg-surface-sunken p-4 text-center text-sm text-muted-foreground" data-testid="conversation-closed">
          {thread.otherDeleted ? t('messages.otherDeleted') : t('messages.cannotSend', { name: otherName })}
        </p>
      )}
    </section>
  );
}

function ConversationHeader({ thread, threadId }: { thread: Thread; threadId: string }) {
  const { t } = useTranslation();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useBlockUser(threadId);
  const navigate = useNavigate();
  const { other } = thread;
  // The other person deleted their account: no profile to visit, nobody to block or report.
  if (thread.otherDeleted) {
    return (
      <header className="flex items-center gap-2 border-b border-border bg-surface px-2 py-2 sm:px-4">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={paths.messages.getHref()} aria-label={t('messages.backToList')} data-testid="conversation-back">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
        </Button>
        <span className="flex min-w-0 flex-1 items-center gap-3 p-1">
          <span aria-hidden="true" className="size-10 shrink-0 rounded-full border border-dashed border-border-strong bg-surface-sunken" />
          <span id={`thread-title-${threadId}`} className="truncate font-semibold text-muted-foreground" data-testid="conversation-name">
            {t('comments.deletedUser')}
          </span>
        </span>
      </header>
    );
  }
  return (
    <header className="flex items-center gap-2 border-b border-border bg-surface px-2 py-2 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="md:hidden">
        <Link to={paths.messages.getHref()} aria-label={t('messages.backToList')} data-testid="conversation-back">
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
      </Button>
      <Link to={paths.profile.getHref(other.handle)} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-1 hover:bg-surface-sunken">
        <UserAvatar handle={other.displayName || other.handle} imageId={other.avatarImageId} className="size-10" />
        <span className="grid min-w-0">
          <span id={`thread-title-${threadId}`} className="truncate font-semibold" data-testid="conversation-name">
            {other.displayName}
          </span>
          <span className="truncate text-sm text-muted-foreground">@{other.handle}</span>
        </span>
      </Link>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('messages.actions')} title={t('messages.actions')} data-testid="conversation-menu">
            <MoreVertical className="size-5" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        {/* In place, inside the page's main landmark (a menu portalled to the body stands outside every landmark). */}
        <DropdownMenuContent align="end" portal={false}>
          <DropdownMenuItem onSelect={() => setReporting(true)} data-testid="conversation-report">
            <Flag className="size-4" aria-hidden="true" />
            {t('messages.report')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setConfirmBlock(true)} className="text-danger" data-testid="conversation-block">
            <Ban className="size-4" aria-hidden="true" />
            {t('messages.block', { handle: other.handle })}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <AlertDialog open={confirmBlock} onOpenChange={setConfirmBlock}>
        <AlertDialogContent>
          <AlertDialogTitle>{t('messages.blockTitle', { handle: other.handle })}</AlertDialogTitle>
          <AlertDialogDescription>{t('messages.blockText')}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="secondary">{t('common.cancel')}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button
                variant="danger"
                data-testid="conversation-block-confirm"
                onClick={() =>
                  block.mutate(
                    { targetUserId: other.userId, blocked: true },
                    {
                      onSuccess: () => {
                        toast.success(t('messages.blocked', { handle: other.handle }));
                        void navigate(paths.messages.getHref(), { replace: true });
                      },
                      onError: (error) => toast.error(t(errorMessageKey(error))),
                    },
                  )
                }
              >
                {t('messages.blockConfirm')}
              </Button>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <ReportDialog open={reporting} onOpenChange={setReporting} threadId={threadId} />
    </header>
  );
}

/** A report's optional reason, by the contract's rule (trimmed, at most 500 characters). */
const reportFormSchema = dmReportInputSchema.pick({ reason: true });

function ReportDialog({ open, onOpenChange, threadId }: { open: boolean; onOpenChange: (open: boolean) => void; threadId: string }) {
  const { t } = useTranslation();
  const form = useZodForm(reportFormSchema, { defaultValues: { reason: '' } });
  const report = useReportThread();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogTitle>{t('messages.reportTitle')}</DialogTitle>
        <DialogDescription>{t('messages.reportText')}</DialogDescription>
        <form
          className="grid gap-3"
          onSubmit={form.handleSubmit(({ reason }) =>
            report.mutate(
              { threadId, reason },
              {
                onSuccess: () => {
                  toast.success(t('messages.reported'));
                  form.reset();
                  onOpenChange(false);
                },
                onError: (error) => toast.error(t(errorMessageKey(error))),
              },
            ),
          )}
        >
          <label htmlFor={`report-${threadId}`} className="font-medium">
            {t('messages.reportReason')}
            <OptionalMark />
          </label>
          <Textarea id={`report-${threadId}`} {...form.register('reason')} maxLength={500} data-testid="report-reason" />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={report.isPending} data-testid="report-submit">
              {t('messages.reportSubmit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
