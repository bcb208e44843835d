import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { errorMessageKey } from '@/lib/error-messages';
import { useFollows, type FollowKind } from '../api/get-follows';

/** The followers or following list of a profile, in a dialog (a sheet on phones), paged. */
export function FollowsDialog({ handle, kind, onClose }: { handle: string; kind: FollowKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={!!kind} onOpenChange={(open) => !open && onClose()}>
      {kind ? (
        <DialogContent closeLabel={t('common.close')} data-testid="follows-dialog">
          <DialogTitle>{kind === 'followers' ? t('profile.followersTitle') : t('profile.followingTitle')}</DialogTitle>
          <DialogDescription>@{handle}</DialogDescription>
          <FollowsList handle={handle} kind={kind} onNavigate={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FollowsList({ handle, kind, onNavigate }: { handle: string; kind: FollowKind; onNavigate: () => void }) {
  const { t } = useTranslation();
  const list = useFollows(handle, kind);
  if (list.error && !list.data) {
    return (
      <div role="alert" className="grid justify-items-start gap-3">
        <p>{t(errorMessageKey(list.error))}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!list.data) {
    return (
      <div role="status" aria-label={t('common.loading')} className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        ))}
      </div>
    );
  }
  const users = list.data.pages.flatMap((page) => page.users);
  if (users.length === 0) {
    return (
      <p className="text-muted-foreground" data-testid="follows-empty">
        {kind === 'followers' ? t('profile.noFollowers') : t('profile.noFollowing')}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-1" data-testid="follows-list">
        {users.map((user) => (
          <li key={user.userId}>
            <Link
              to={paths.profile.getHref(user.handle)}
              onClick={onNavigate}
              className="flex min-h-12 items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-surface-sunken focus-visible:outline-3 focus-visible:outline-ring"
              data-testid="follows-entry"
            >
              <UserAvatar handle={user.displayName || user.handle} imageId={user.avatarImageId} className="size-10" />
              <span className="grid min-w-0">
                <span className="truncate font-medium">{user.displayName}</span>
                <span className="truncate text-sm text-muted-foreground">@{user.handle}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('profile.showMore')}
        </Button>
      ) : null}
    </div>
  );
}
