import { PenSquare, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessageKey } from '@/lib/error-messages';
import { useOpenThread, useRecipientSearch } from '../api/threads';

/** "New message": search the people you may message by handle or name, pick one, and the thread opens. */
export function NewConversationDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const debounced = useDebouncedValue(q.trim(), 250);
  const search = useRecipientSearch(debounced);
  const openThread = useOpenThread();
  const users = search.data?.users ?? [];

  const start = (userId: string) =>
    openThread.mutate(userId, {
      onSuccess: ({ thread }) => {
        setOpen(false);
        setQ('');
        void navigate(paths.messageThread.getHref(thread.id));
      },
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="new-conversation">
          <PenSquare className="size-4" aria-hidden="true" />
          {t('messages.new')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')} data-testid="new-conversation-dialog">
        <DialogTitle>{t('messages.newTitle')}</DialogTitle>
        <DialogDescription>{t('messages.newText')}</DialogDescription>
        <div className="relative">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t('messages.searchLabel')}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('messages.searchPlaceholder')}
            className="pl-9"
            maxLength={30}
            autoComplete="off"
            data-testid="recipient-search"
          />
        </div>
        <div aria-live="polite" className="min-h-24">
          {debounced && search.data && users.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground" data-testid="recipients-empty">
              {t('messages.noPeople')}
            </p>
          ) : null}
          {users.length > 0 ? (
            <ul className="grid gap-1" data-testid="recipient-list">
              {users.map((user) => (
                <li key={user.userId}>
                  <button
                    type="button"
                    onClick={() => start(user.userId)}
                    disabled={openThread.isPending}
                    className="flex min-h-12 w-full cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-left hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-ring disabled:opacity-60"
                    data-testid="recipient"
                  >
                    <UserAvatar handle={user.displayName || user.handle} imageId={user.avatarImageId} className="size-10" />
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{user.displayName}</span>
                      <span className="truncate text-sm text-muted-foreground">@{user.handle}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
