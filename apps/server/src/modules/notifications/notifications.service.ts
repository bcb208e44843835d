import type { NotificationCreatedEvent } from '@curio/contract';
import { NOTIFICATION_EVENTS } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import type { EventsService } from '../events/events.service';
import { notificationsRepository, type NewNotification } from './notifications.repository';

export function createNotificationsService(db: Db, deps: { events: EventsService }) {
  const repo = notificationsRepository(db);
  return {
    unseenCount: (userId: string) => repo.unseenCount(userId),

    /**
     * Stores notifications in the caller's transaction and records, for each, a `notifications`
     * event carrying the entry and the user's unseen count, so every open bell updates at commit.
     */
    async create(tx: Executor, rows: NewNotification[]) {
      const r = notificationsRepository(tx);
      for (const n of await r.insert(rows)) {
        const payload: NotificationCreatedEvent = {
          unseenCount: await r.unseenCount(n.userId),
          notification: { id: n.id, kind: n.kind, refId: n.refId, actorId: n.actorId, createdAt: n.createdAt.toISOString() },
        };
        await deps.events.record(tx, { userId: n.userId, stream: 'notifications', type: NOTIFICATION_EVENTS.created, payload });
      }
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
