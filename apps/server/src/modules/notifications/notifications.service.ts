import type { Db } from '../../db/client';
import { notificationsRepository } from './notifications.repository';

export function createNotificationsService(db: Db) {
  const repo = notificationsRepository(db);
  return { unseenCount: (userId: string) => repo.unseenCount(userId) };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
