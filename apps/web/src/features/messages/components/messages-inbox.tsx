import { MessagesSquare } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useMessagesStream } from '../api/messages-stream';
import { useMarkThreadRead, type Message } from '../api/threads';
import { Conversation } from './conversation';
import { NewConversationDialog } from './new-conversation-dialog';
import { ThreadList } from './thread-list';

/**
 * The inbox: the thread list on the left and the open conversation on the right on wide screens;
 * on a phone one pane at a time (the list at /me/messages, the conversation at /me/messages/{id}).
 * Live through the messages stream while open.
 */
export function MessagesInbox({ threadId, viewerId }: { threadId: string | null; viewerId: string }) {
  const { t } = useTranslation();
  const { mutate: markRead } = useMarkThreadRead();
  const onMessage = useCallback(
    (message: Message) => {
      if (threadId && message.threadId === threadId && message.senderId !== viewerId && document.visibilityState === 'visible') markRead(threadId);
    },
    [threadId, viewerId, markRead],
  );
  useMessagesStream(onMessage);

  return (
    // The window's height less the header, the page's padding and the announcement when one shows (its height is
    // --announcement-height): the composer stays on screen.
    <div className="grid h-[calc(100dvh-8.5rem-var(--announcement-height,0px))] min-h-[26rem] overflow-hidden rounded-2xl border border-border bg-surface shadow-soft md:grid-cols-[20rem_minmax(0,1fr)] sm:h-[calc(100dvh-11rem-var(--announcement-height,0px))]">
      <div className={cn('flex min-h-0 flex-col border-border md:border-r', threadId && 'max-md:hidden')}>
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h1 className="font-display text-2xl font-semibold tracking-tight">{t('messages.title')}</h1>
          <NewConversationDialog />
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ThreadList activeId={threadId} viewerId={viewerId} />
        </div>
      </div>
      <div className={cn('min-h-0 bg-background/40', !threadId && 'max-md:hidden')}>
        {threadId ? <h1 className="sr-only md:hidden">{t('messages.title')}</h1> : null}
        {threadId ? (
          <Conversation key={threadId} threadId={threadId} viewerId={viewerId} />
        ) : (
          <div className="grid h-full content-center justify-items-center gap-2 p-6 text-center" data-testid="inbox-placeholder">
            <MessagesSquare className="size-12 text-muted-foreground" aria-hidden="true" />
            <p className="font-display text-xl font-semibold">{t('messages.chooseTitle')}</p>
            <p className="max-w-xs text-sm text-muted-foreground">{t('messages.chooseText')}</p>
          </div>
        )}
      </div>
    </div>
  );
}
