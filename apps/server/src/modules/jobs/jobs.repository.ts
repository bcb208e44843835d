import { eq, lt, sql } from 'drizzle-orm';
import { jobProcesses } from '../../db/schema';
import type { Executor } from '../../db/types';

export interface JobProcessRow {
  id: string;
  host: string;
  pid: number;
  queues: string[];
  startedAt: Date;
  beatAt: Date;
  /** Seconds since the last beat, by the database's clock. */
  secondsSinceBeat: number;
}

/** The job_processes table: the processes working the queue and their heartbeats. */
export function jobsRepository(db: Executor) {
  return {
    /** Records that the process is alive now (its row made on the first beat), and prunes rows whose last beat is older than `pruneAfterSeconds`. */
    async beat(row: { id: string; host: string; pid: number; queues: string[]; startedAt: Date }, pruneAfterSeconds: number) {
      await db
        .insert(jobProcesses)
        .values({ ...row, beatAt: sql`now()` })
        .onConflictDoUpdate({ target: jobProcesses.id, set: { queues: row.queues, beatAt: sql`now()` } });
      await db.delete(jobProcesses).where(lt(jobProcesses.beatAt, sql`now() - make_interval(secs => ${pruneAfterSeconds})`));
    },
    async remove(id: string) {
      await db.delete(jobProcesses).where(eq(jobProcesses.id, id));
    },
    /** Every process with a row, the latest beat first. */
    async list(): Promise<JobProcessRow[]> {
      const rows = await db
        .select({
          id: jobProcesses.id,
          host: jobProcesses.host,
          pid: jobProcesses.pid,
          queues: jobProcesses.queues,
          startedAt: jobProcesses.startedAt,
          beatAt: jobProcesses.beatAt,
          secondsSinceBeat: sql<number>`greatest(0, extract(epoch from now() - ${jobProcesses.beatAt}))::float8`,
        })
        .from(jobProcesses)
        .orderBy(sql`${jobProcesses.beatAt} desc`, jobProcesses.id);
      return rows.map((r) => ({ ...r, secondsSinceBeat: Number(r.secondsSinceBeat) }));
    },
  };
}
