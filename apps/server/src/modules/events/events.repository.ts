import { and, asc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import { events } from '../../db/schema';
import type { Executor } from '../../db/types';

export type EventRow = typeof events.$inferSelect;

export function eventsRepository(db: Executor) {
  return {
    async insert(row: typeof events.$inferInsert): Promise<EventRow> {
      const [inserted] = await db.insert(events).values(row).returning();
      return inserted!;
    },
    /** Several rows in one statement, returned in the order given. */
    async insertMany(rows: (typeof events.$inferInsert)[]): Promise<EventRow[]> {
      if (!rows.length) return [];
      // Only what the database chose: the payloads are the caller's already.
      const made = (await db.insert(events).values(rows).returning({ id: events.id, createdAt: events.createdAt })).sort((a, b) => a.id - b.id);
      return rows.map((row, n) => ({ ...row, userId: row.userId ?? null, id: made[n]!.id, createdAt: made[n]!.createdAt }));
    },
    /** NOTIFY through the function form (a parameter, not SQL text); delivered when the transaction commits. */
    async notify(channel: string, payload: string) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    /** Several NOTIFYs on one channel in one statement, delivered in this order at commit. */
    async notifyAll(channel: string, payloads: string[]) {
      if (!payloads.length) return;
      const list = sql.join(
        payloads.map((p, n) => sql`(${n}::int, ${p}::text)`),
        sql`, `,
      );
      await db.execute(sql`select pg_notify(${channel}, p) from (select p from (values ${list}) as x(n, p) order by n) as ordered`);
    },
    async byId(id: number): Promise<EventRow | undefined> {
      const [row] = await db.select().from(events).where(eq(events.id, id));
      return row;
    },
    /** A user's events of one stream after an id or recorded in the last `lookbackSeconds`, oldest first. */
    async forUserAfter(userId: string, stream: string, afterId: number, lookbackSeconds: number, limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(eq(events.userId, userId), eq(events.stream, stream), or(gt(events.id, afterId), gte(events.createdAt, lookbackStart(lookbackSeconds)))))
        .orderBy(asc(events.id))
        .limit(limit);
    },
    /** Every event after an id, oldest first (a process catching up after its listening connection dropped). */
    async after(afterId: number, limit: number): Promise<EventRow[]> {
      return db.select().from(events).where(gt(events.id, afterId)).orderBy(asc(events.id)).limit(limit);
    },
    /** The events up to an id recorded in the last `lookbackSeconds`, oldest first (any may have committed late). */
    async recentUpTo(upToId: number, lookbackSeconds: number, limit: number): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(and(lte(events.id, upToId), gte(events.createdAt, lookbackStart(lookbackSeconds))))
        .orderBy(asc(events.id))
        .limit(limit);
    },
    async latestId(): Promise<number> {
      const [row] = await db.select({ id: sql<string | null>`max(${events.id})` }).from(events);
      return Number(row?.id ?? 0);
    },
    async deleteBefore(before: Date): Promise<number> {
      const removed = await db.delete(events).where(lt(events.createdAt, before)).returning({ id: events.id });
      return removed.length;
    },
  };
}

/** The database's clock, not this process's, marks the start of a lookback span. */
const lookbackStart = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;
