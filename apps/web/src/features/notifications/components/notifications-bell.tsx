import { UNSEEN_COUNT_CAP } from '@curio/contract';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUnseenCount } from '../api/get-unseen-count';
import { useNotificationsStream } from '../api/notifications-stream';

/** The bell in the signed-in header: links to the notifications page, with a red dot when some are unseen (updated live). */
export function NotificationsBell() {
  const { t } = useTranslation();
  const unseen = useUnseenCount();
  useNotificationsStream();
  const count = unseen.data?.count ?? 0;
  // Counts stop at UNSEEN_COUNT_CAP (100 means 100 or more): the bell says 99+.
  const label =
    count >= UNSEEN_COUNT_CAP ? t('notifications.bellUnseenCapped') : count > 0 ? t('notifications.bellUnseen', { count }) : t('notifications.bell');
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={paths.notifications.getHref()} aria-label={label} title={label} data-testid="notifications-bell" data-unseen={count}>
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span data-testid="notifications-dot" aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-danger ring-2 ring-background" />
        ) : null}
      </Link>
    </Button>
  );
}
