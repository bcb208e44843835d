import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where a job worker records that it is alive: its own temporary folder (one per container, one per machine otherwise). */
export const WORKER_HEARTBEAT_FILE = path.join(os.tmpdir(), 'curio-worker-heartbeat');
/** A heartbeat older than this means the worker is stuck (or lost its database for that long). */
export const HEARTBEAT_MAX_AGE_MS = 60_000;

/**
 * Every `intervalMs`, asks `alive()` (the database answers, the queue runs) and, when it says yes, writes
 * the time to `file` (whole, by a rename). A liveness check then reads the age of the last beat
 * (`heartbeatAge`): a worker whose event loop is blocked, or whose database is gone, stops beating.
 * The previous run's beat is removed first: a restarted container keeps its temporary folder, and its
 * old beat would read as alive until this run has proved it.
 */
export function startHeartbeat(file: string, alive: () => Promise<boolean>, intervalMs = 15_000): () => void {
  rmSync(file, { force: true });
  const beat = async () => {
    if (!(await alive().catch(() => false))) return;
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, String(Date.now()));
    renameSync(tmp, file);
  };
  void beat();
  const timer = setInterval(() => void beat(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Milliseconds since the last beat written to `file`, or null when there is none. */
export function heartbeatAge(file: string, now = Date.now()): number | null {
  try {
    const at = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(at) && at > 0 ? now - at : null;
  } catch {
    return null;
  }
}
