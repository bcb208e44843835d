import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ModerationActionEntry, ModItem, Person, ReportCounts, ReportStatus, ReportSummary, ReportTargetType } from '@curio/contract';
import { comments, dmMessages, dmThreads, items, moderationActions, profiles, reports } from '../../db/schema';
import { pgBool, rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';

export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type NewModerationAction = {
  actorId: string;
  targetType: ModerationActionRow['targetType'];
  targetId: string;
  action: ModerationActionRow['action'];
  note: string;
  reportId?: string | null;
  dmcaId?: string | null;
};

/**
 * Records one moderation action (append-only). Call it with the transaction that makes the change,
 * so that the history holds exactly the actions that happened.
 */
export async function recordAction(db: Executor, action: NewModerationAction): Promise<ModerationActionRow> {
  const [row] = await db
    .insert(moderationActions)
    .values({ ...action, reportId: action.reportId ?? null, dmcaId: action.dmcaId ?? null })
    .returning();
  return row!;
}

const iso = (v: string | Date) => new Date(v).toISOString();
/** Selects a timestamp as the exact text a cursor carries (lib/cursor.ts). */
const keyOf = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The person behind a user id as SQL (null when there is no profile): a json object. */
const personJson = (userId: SQL) => sql`(select json_build_object('userId', pp.user_id, 'handle', pp.handle, 'displayName', pp.display_name,
  'avatarImageId', pp.avatar_image_id) from ${profiles} pp where pp.user_id = ${userId})`;
const person = (v: unknown): Person | null => (v ? ((typeof v === 'string' ? JSON.parse(v) : v) as Person) : null);

/** The party of thread `t` that a report by `reporter` is about: the other one. */
const reportedParty = (reporter: SQL) => sql`case when t.user_a = ${reporter} then t.user_b else t.user_a end`;

/**
 * A short description of a moderation target, as SQL over a type and an id (text): an item's
 * title, a comment's start, @handle of a profile, @handle of a thread's reported party.
 */
const targetLabel = (type: SQL, id: SQL, reporter: SQL) => sql`case ${type}
  when 'item' then (select i.title from ${items} i where i.id::text = ${id})
  when 'comment' then (select left(c.body, 140) from ${comments} c where c.id::text = ${id})
  when 'profile' then (select '@' || p.handle from ${profiles} p where p.id::text = ${id})
  when 'thread' then (select '@' || p.handle from ${dmThreads} t join ${profiles} p on p.user_id = ${reportedParty(reporter)} where t.id::text = ${id})
  when 'dmca' then ${id}
  end`;

/** Whether a report's target is hidden now, as SQL over report `r`. */
const targetHidden = sql`case r.target_type
  when 'item' then coalesce((select i.hidden from ${items} i where i.id = r.target_id), false)
  when 'comment' then coalesce((select c.hidden from ${comments} c where c.id = r.target_id), false)
  when 'profile' then coalesce((select p.hidden from ${profiles} p where p.id = r.target_id), false)
  when 'thread' then exists (select 1 from ${dmMessages} m join ${dmThreads} t on t.id = m.thread_id
    where m.thread_id = r.target_id and m.hidden and m.sender_id = ${reportedParty(sql`r.reporter_id`)})
  else false end`;

interface SummaryRow {
  id: string;
  status: ReportStatus;
  reason: string;
  note: string | null;
  targetType: ReportTargetType;
  targetId: string;
  targetLabel: string | null;
  targetHidden: unknown;
  targetReportCount: number | string;
  reporter: unknown;
  createdAt: string | Date;
  key: string;
}
const toSummary = (r: SummaryRow): ReportSummary & { key: string } => ({
  id: r.id,
  status: r.status,
  reason: r.reason,
  note: r.note,
  targetType: r.targetType,
  targetId: r.targetId,
  targetLabel: r.targetLabel,
  targetHidden: pgBool(r.targetHidden),
  targetReportCount: Number(r.targetReportCount),
  reporter: person(r.reporter),
  createdAt: iso(r.createdAt),
  key: r.key,
});

interface ActionRow {
  id: string;
  actor: unknown;
  targetType: ModerationActionEntry['targetType'];
  targetId: string;
  reportId: string | null;
  dmcaId: string | null;
  action: ModerationActionEntry['action'];
  note: string;
  createdAt: string | Date;
  targetLabel: string | null;
  key: string;
}
const toAction = (r: ActionRow): ModerationActionEntry & { key: string } => ({
  id: r.id,
  actor: person(r.actor),
  targetType: r.targetType,
  targetId: r.targetId,
  reportId: r.reportId,
  dmcaId: r.dmcaId,
  action: r.action,
  note: r.note,
  createdAt: iso(r.createdAt),
  targetLabel: r.targetLabel,
  key: r.key,
});

export function moderationRepository(db: Executor) {
  /** Report summaries matching `where` (SQL over `r`), newest first. */
  async function summaries(where: SQL, limit: number): Promise<(ReportSummary & { key: string })[]> {
    const result = await db.execute(sql`
      select r.id, r.status, r.reason, r.note, r.target_type as "targetType", r.target_id::text as "targetId",
             ${targetLabel(sql`r.target_type`, sql`r.target_id::text`, sql`r.reporter_id`)} as "targetLabel",
             ${targetHidden} as "targetHidden",
             (select count(*)::int from ${reports} r2 where r2.target_type = r.target_type and r2.target_id = r.target_id) as "targetReportCount",
             ${personJson(sql`r.reporter_id`)} as reporter,
             r.created_at as "createdAt", ${keyOf(sql`r.created_at`)} as key
      from ${reports} r
      where ${where}
      order by r.created_at desc, r.id desc
      limit ${limit}`);
    return rowsOf<SummaryRow>(result).map(toSummary);
  }

  /** Actions matching `where` (SQL over `a`), newest first. */
  async function actions(where: SQL, limit: number): Promise<(ModerationActionEntry & { key: string })[]> {
    const result = await db.execute(sql`
      select a.id, ${personJson(sql`a.actor_id`)} as actor, a.target_type as "targetType", a.target_id as "targetId",
             a.report_id as "reportId", a.dmca_id as "dmcaId", a.action, a.note, a.created_at as "createdAt",
             ${targetLabel(sql`a.target_type`, sql`a.target_id`, sql`(select rr.reporter_id from ${reports} rr where rr.id = a.report_id)`)} as "targetLabel",
             ${keyOf(sql`a.created_at`)} as key
      from ${moderationActions} a
      where ${where}
      order by a.created_at desc, a.id desc
      limit ${limit}`);
    return rowsOf<ActionRow>(result).map(toAction);
  }

  /** An item as a moderator sees it: every field, its chosen image, its photos, its owner. */
  async function modItem(itemId: string): Promise<ModItem | null> {
    const [row] = rowsOf<{
      id: string;
      title: string;
      tags: string[];
      nsfw: boolean;
      hidden: boolean;
      hiddenSource: 'dmca' | 'other' | null;
      imageId: string | null;
      photos: unknown;
      owner: unknown;
      createdAt: string | Date;
    }>(
      await db.execute(sql`
        select i.id, i.title, i.tags, i.nsfw, i.hidden, i.hidden_source as "hiddenSource", i.created_at as "createdAt",
               (select c.image_id from composites c where c.id = i.chosen_composite_id) as "imageId",
               coalesce((select json_agg(json_build_object('imageId', ph.image_id, 'role', ph.role) order by ph.created_at, ph.id)
                         from photos ph where ph.item_id = i.id), '[]'::json) as photos,
               ${personJson(sql`i.user_id`)} as owner
        from ${items} i where i.id = ${itemId}::uuid`),
    );
    if (!row) return null;
    const photos = (typeof row.photos === 'string' ? JSON.parse(row.photos) : row.photos) as { imageId: string; role: string }[];
    return {
      id: row.id,
      title: row.title,
      tags: Array.isArray(row.tags) ? row.tags : [],
      nsfw: pgBool(row.nsfw),
      hidden: pgBool(row.hidden),
      hiddenSource: row.hiddenSource,
      imageId: row.imageId,
      photos,
      owner: person(row.owner),
      createdAt: iso(row.createdAt),
    };
  }

  return {
    recordAction: (action: NewModerationAction) => recordAction(db, action),
    summaries,
    modItem,

    async listReports(filter: { status?: ReportStatus; targetType?: ReportTargetType; after: Cursor | null }, limit: number) {
      const parts = [sql`true`];
      if (filter.status) parts.push(sql`r.status = ${filter.status}`);
      if (filter.targetType) parts.push(sql`r.target_type = ${filter.targetType}`);
      if (filter.after) parts.push(sql`(r.created_at, r.id) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`);
      return summaries(sql.join(parts, sql` and `), limit + 1);
    },

    async counts(targetType?: ReportTargetType): Promise<ReportCounts> {
      const rows = await db
        .select({ status: reports.status, n: sql<number>`count(*)::int` })
        .from(reports)
        .where(targetType ? eq(reports.targetType, targetType) : undefined)
        .groupBy(reports.status);
      const counts: ReportCounts = { open: 0, hidden: 0, dismissed: 0 };
      for (const r of rows) counts[r.status] = Number(r.n);
      return counts;
    },

    async report(reportId: string) {
      const [row] = await summaries(sql`r.id = ${reportId}::uuid`, 1);
      return row ?? null;
    },

    /** What became of these reports (their status) and what they were about, by report id. */
    async outcomes(reportIds: string[]) {
      if (!reportIds.length) return new Map<string, ReportSummary>();
      const ids = sql.join(
        reportIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      const rows = await summaries(sql`r.id in (${ids})`, reportIds.length);
      return new Map(rows.map((r) => [r.id, r]));
    },
    async reportRow(reportId: string) {
      const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
      return row ?? null;
    },
    /** The report's row, locked until the transaction ends (two moderators acting at once queue up). */
    async lockReport(reportId: string) {
      const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).for('update');
      return row ?? null;
    },

    async otherReports(target: { type: ReportTargetType; id: string }, except: string) {
      return summaries(sql`r.target_type = ${target.type} and r.target_id = ${target.id}::uuid and r.id <> ${except}::uuid`, 50);
    },

    /** The open reports of a target, locked (the ones an action closes). */
    /** The reports of a target that a moderator closed by removing it (their reporters were told "removed"). */
    async hiddenReports(target: { type: ReportTargetType; id: string }) {
      return db
        .select({ id: reports.id, reporterId: reports.reporterId })
        .from(reports)
        .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, 'hidden')));
    },
    async openReports(target: { type: ReportTargetType; id: string }) {
      return db
        .select({ id: reports.id, reporterId: reports.reporterId })
        .from(reports)
        .where(and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), eq(reports.status, 'open')))
        .for('update');
    },

    /** Earlier actions on a target (for a DMCA notice: on the notice), newest first. */
    async actionsOn(target: { type: ModerationActionRow['targetType']; id: string }, limit = 50) {
      return actions(sql`a.target_type = ${target.type} and a.target_id = ${target.id}`, limit);
    },
    async actionById(id: string) {
      const [row] = await actions(sql`a.id = ${id}::uuid`, 1);
      return row!;
    },
    async listActions(filter: { targetType?: ModerationActionRow['targetType']; after: Cursor | null }, limit: number) {
      const parts = [sql`true`];
      if (filter.targetType) parts.push(sql`a.target_type = ${filter.targetType}`);
      if (filter.after) parts.push(sql`(a.created_at, a.id) < (${filter.after.at}::timestamptz, ${filter.after.id}::uuid)`);
      return actions(sql.join(parts, sql` and `), limit + 1);
    },

    // ---- Targets ------------------------------------------------------------------------------
    async itemOwner(itemId: string) {
      const [row] = await db.select({ userId: items.userId, hidden: items.hidden, hiddenSource: items.hiddenSource }).from(items).where(eq(items.id, itemId));
      return row ?? null;
    },
    async comment(commentId: string) {
      const [row] = await db
        .select({
          id: comments.id,
          itemId: comments.itemId,
          userId: comments.userId,
          body: comments.body,
          hidden: comments.hidden,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .where(eq(comments.id, commentId));
      return row ?? null;
    },
    async profileById(profileId: string) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, profileId));
      return row ?? null;
    },
    async thread(threadId: string) {
      const [row] = await db.select().from(dmThreads).where(eq(dmThreads.id, threadId));
      return row ?? null;
    },
    /** The reported party's messages in the thread (up to `until`), the latest `limit`, oldest first. */
    async threadMessages(threadId: string, senderId: string, until: Date, limit: number) {
      const rows = await db
        .select({ id: dmMessages.id, text: dmMessages.text, senderId: dmMessages.senderId, hidden: dmMessages.hidden, createdAt: dmMessages.createdAt })
        .from(dmMessages)
        .where(and(eq(dmMessages.threadId, threadId), eq(dmMessages.senderId, senderId), sql`${dmMessages.createdAt} <= ${until.toISOString()}::timestamptz`))
        .orderBy(sql`${dmMessages.createdAt} desc, ${dmMessages.id} desc`)
        .limit(limit);
      return rows.reverse();
    },
    async threadHidden(threadId: string, senderId: string) {
      const [row] = await db
        .select({ id: dmMessages.id })
        .from(dmMessages)
        .where(and(eq(dmMessages.threadId, threadId), eq(dmMessages.senderId, senderId), eq(dmMessages.hidden, true)))
        .limit(1);
      return Boolean(row);
    },
    async people(userIds: string[]): Promise<Map<string, Person>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ userId: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r]));
    },
  };
}

export type ModerationRepository = ReturnType<typeof moderationRepository>;
