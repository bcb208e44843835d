import { z } from 'zod';
import { defineFunction } from '../../lib/functions';
import type { NotificationsService } from './notifications.service';

export const notificationsFunctions = (notifications: NotificationsService) => [
  defineFunction({
    name: 'notifications-unseen-count',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: async (_input, { user }) => ({ count: await notifications.unseenCount(user.id) }),
  }),
];
