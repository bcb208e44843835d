import { desc } from 'drizzle-orm';
import type { Executor } from '../db/types';
import { smsOutbox } from './sms.schema';

export interface StoredSms {
  id: string;
  to: string;
  text: string;
  createdAt: string;
}

export function smsRepository(db: Executor) {
  return {
    async store(message: { to: string; text: string }) {
      await db.insert(smsOutbox).values(message);
    },
    /** The newest messages first. */
    async latest(limit = 100): Promise<StoredSms[]> {
      const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
      return rows.map((r) => ({ id: r.id, to: r.to, text: r.text, createdAt: r.createdAt.toISOString() }));
    },
  };
}
