import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The processes that work the job queue, one row each while they run: every web process (it works the
 * mail, text-message and scheduled queues, and on the embedded database the cut-outs) and every cut-out
 * worker. Each writes `beat_at` (the database's clock, so that hosts need not agree) every few seconds and
 * deletes its row when it stops; a row whose beat is old belongs to a process that died or hangs, and is
 * pruned after a day. The admin's job queue page and /metrics read it.
 */
export const jobProcesses = pgTable(
  'job_processes',
  {
    /** The host name, the process id and a random part: unique across restarts and containers. */
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    /** The queues this process works, by name. */
    queues: text('queues').array().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('job_processes_beat_at_idx').on(t.beatAt)],
);
