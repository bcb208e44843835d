import { implement } from '../../lib/functions';
import type { NotificationsService } from './notifications.service';

export const notificationsFunctions = (notifications: NotificationsService) =>
  implement({
    'notifications-unseen-count': async (_input, { user }) => ({ count: await notifications.unseenCount(user.id) }),
    'notifications-list': (input, { user }) => notifications.list(user.id, input),
    'notifications-mark-read': (input, { user }) => notifications.markRead(user.id, input.ids),
  });
