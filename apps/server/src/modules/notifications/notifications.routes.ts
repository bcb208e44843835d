import { implement } from '../../lib/functions';
import type { NotificationsService } from './notifications.service';

export const notificationsFunctions = (notifications: NotificationsService) =>
  implement({
    'notifications-unseen-count': async (_input, { user }) => ({ count: await notifications.unseenCount(user.id) }),
  });
