import { and, asc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import { events } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';

export type EventRow = typeof events.$inferSelect;

export function eventsRepository(db: Executor) {
  return {
    /**
     * Inserts the events and announces each on `channel` in one statement, in the order given (NOTIFYs are
     * delivered when the transaction commits). Each announcement is the event as JSON (`id` and
     * `createdAt`, which the database chooses, then the rest as `tail`, the caller's JSON of the other
     * fields without its opening brace), or only its id when that would be over `maxBytes`.
     */
    async insertAnnounced(channel: string, rows: (typeof events.$inferInsert & { tail: string })[], maxBytes: number): Promise<EventRow[]> {
      if (!rows.length) return [];
      const input = sql.join(
        rows.map(
          (r, n) => sql`(${n}::int, ${r.userId ?? null}::text, ${r.stream}::text, ${r.type}::text, ${JSON.stringify(r.payload)}::jsonb, ${r.tail}::text)`,
        ),
        sql`, `,
      );
      const made = rowsOf<{ n: number; id: number | string; created_at: Date | string }>(
        await db.execute(sql`
          with input(n, user_id, stream, type, payload, tail) as (values ${input}),
          inserted as (
            insert into ${events} (user_id, stream, type, payload)
            select user_id, stream, type, payload from input order by n
            returning id, created_at),
          numbered as (select id, created_at, (row_number() over (order by id))::int - 1 as n from inserted),
          announced as (
            select nb.n, nb.id, nb.created_at,
              '{"id":' || nb.id || ',"createdAt":"' || to_char(nb.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '",' || i.tail as announcement
            from numbered nb join input i on i.n = nb.n)
          select n, id, created_at, pg_notify(${channel}, case when octet_length(announcement) <= ${maxBytes} then announcement else '{"id":' || id || '}' end)
          from (select * from announced order by n) as ordered`),
      );
      const byN = new Map(made.map((m) => [Number(m.n), m]));
      return rows.map(({ tail: _tail, ...row }, n) => {
        const m = byN.get(n)!;
        return { ...row, userId: row.userId ?? null, id: Number(m.id), createdAt: new Date(m.created_at) };
      });
    },
    /** NOTIFY through the function form (a parameter, not SQL text); delivered when the transaction commits. */
    async notify(channel: string, payload: string) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
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
