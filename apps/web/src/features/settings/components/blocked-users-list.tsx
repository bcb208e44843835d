import type { UserSettings } from '@curio/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { useUnblockUser } from '../api/unblock-user';

/** The people the user blocked, each with Unblock. */
export function BlockedUsersList({ users }: { users: UserSettings['blockedUsers'] }) {
  const { t } = useTranslation();
  const unblock = useUnblockUser();
  return (
    <Card data-testid="blocked-users">
      <CardHeader>
        <CardTitle>{t('privacySettings.blockedTitle')}</CardTitle>
        <CardDescription>{t('privacySettings.blockedHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {users.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="blocked-empty">
            {t('privacySettings.blockedEmpty')}
          </p>
        ) : (
          <ul className="grid gap-2">
            {users.map((entry) => (
              <li key={entry.blocked_id} className="flex items-center gap-3 rounded-lg border border-border p-2" data-testid="blocked-user">
                <UserAvatar handle={entry.profiles.handle} imageId={entry.profiles.avatar_image_id} />
                <Link to={paths.profile.getHref(entry.profiles.handle)} className="min-w-0 flex-1 underline-offset-2 hover:underline">
                  <span className="block truncate font-medium">{entry.profiles.display_name}</span>
                  <span className="block truncate text-sm text-muted-foreground">@{entry.profiles.handle}</span>
                </Link>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={unblock.isPending && unblock.variables === entry.blocked_id}
                  onClick={() =>
                    unblock.mutate(entry.blocked_id, {
                      onSuccess: () => toast.success(t('privacySettings.unblocked', { handle: entry.profiles.handle })),
                      onError: () => toast.error(t('privacySettings.unblockFailed')),
                    })
                  }
                  aria-label={t('privacySettings.unblockUser', { handle: entry.profiles.handle })}
                  data-testid="unblock-user"
                >
                  {t('privacySettings.unblock')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
