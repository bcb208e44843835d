import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { addInto, bucketOf, emptyHistogram, quantile } from './function-stats.histogram';
import { functionStatsRepository, type FailedCall, type MinuteCounts } from './function-stats.repository';

/** One finished call of a function, as the function router saw it. */
export interface FunctionCall {
  name: string;
  status: number;
  durationMs: number;
  /** The error envelope's code, for failed calls. */
  code: string | null;
  requestId: string | null;
}

export interface FunctionStatsOptions {
  logger: Logger;
  /** How often this process adds its counts to the database. */
  flushSeconds?: number;
  /** Failed calls kept in the database (newest). */
  keepErrors?: number;
  /** Per-minute rows kept in the database. */
  keepDays?: number;
  /** Told of every call too (the process's Prometheus metrics). */
  observe?: (call: FunctionCall) => void;
}

/** Failed calls buffered between two flushes at most (a storm of errors must not grow memory). */
const MAX_BUFFERED_ERRORS = 500;
/** Minute rows buffered at most while the database cannot be written (then the oldest are dropped). */
const MAX_BUFFERED_ROWS = 20_000;

/**
 * Counts every function call in memory (per minute and function: calls by status class, duration
 * sum, a latency histogram) and adds the counts to the database every few seconds and at shutdown,
 * so that a request never waits for a write and every process's calls add up in one table.
 */
export function createFunctionStatsService(db: Db, opts: FunctionStatsOptions) {
  const repo = functionStatsRepository(db);
  const flushMs = (opts.flushSeconds ?? 5) * 1000;
  const keepErrors = opts.keepErrors ?? 200;
  const keepDays = opts.keepDays ?? 7;
  let pending = new Map<string, MinuteCounts>();
  let pendingErrors: FailedCall[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let lastPrune = 0;
  let stopped = false;

  function record(call: FunctionCall) {
    opts.observe?.(call);
    const now = Date.now();
    const minute = new Date(now - (now % 60_000));
    const key = `${minute.getTime()}|${call.name}`;
    let row = pending.get(key);
    if (!row) {
      if (pending.size >= MAX_BUFFERED_ROWS) return;
      row = { minute, name: call.name, calls: 0, clientErrors: 0, serverErrors: 0, durationMsSum: 0, histogram: emptyHistogram() };
      pending.set(key, row);
    }
    row.calls++;
    if (call.status >= 500) row.serverErrors++;
    else if (call.status >= 400) row.clientErrors++;
    row.durationMsSum += call.durationMs;
    row.histogram[bucketOf(call.durationMs)]!++;
    if (call.status >= 400 && pendingErrors.length < MAX_BUFFERED_ERRORS) {
      pendingErrors.push({ name: call.name, status: call.status, code: call.code, requestId: call.requestId, at: new Date(now) });
    }
    if (!timer && !stopped) {
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, flushMs);
      timer.unref();
    }
  }

  async function writeOut() {
    const rows = [...pending.values()];
    const errors = pendingErrors;
    pending = new Map();
    pendingErrors = [];
    if (!rows.length && !errors.length) return;
    try {
      await repo.add(rows);
    } catch (err) {
      // Kept for the next flush (merged with what came meanwhile); the request path never sees this.
      for (const row of rows) {
        const key = `${row.minute.getTime()}|${row.name}`;
        const now = pending.get(key);
        if (now) {
          now.calls += row.calls;
          now.clientErrors += row.clientErrors;
          now.serverErrors += row.serverErrors;
          now.durationMsSum += row.durationMsSum;
          addInto(now.histogram, row.histogram);
        } else if (pending.size < MAX_BUFFERED_ROWS) pending.set(key, row);
      }
      pendingErrors = [...errors, ...pendingErrors].slice(-MAX_BUFFERED_ERRORS);
      throw err;
    }
    await repo.addErrors(errors, keepErrors);
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      await repo.pruneOlderThan(keepDays);
    }
  }

  /** Adds what this process counted to the database now (one flush at a time). */
  async function flush(): Promise<void> {
    if (flushing) await flushing;
    flushing = writeOut()
      .catch((err) => opts.logger.warn({ err }, 'function statistics: could not write; kept for the next flush'))
      .finally(() => {
        flushing = null;
      });
    await flushing;
    if (pending.size && !timer && !stopped) {
      timer = setTimeout(() => {
        timer = null;
        void flush();
      }, flushMs);
      timer.unref();
    }
  }

  return {
    record,
    flush,
    /** The last flush, at shutdown: the counts of the last seconds are not lost. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush();
    },
    /** Per function over the last hour and day, from every process's flushed counts; the latest failures. */
    async summary() {
      const [windows, errors] = await Promise.all([repo.windows(), repo.latestErrors(50)]);
      const byName = new Map<string, { hour: Acc; day: Acc }>();
      for (const w of windows) {
        let entry = byName.get(w.name);
        if (!entry) byName.set(w.name, (entry = { hour: acc(), day: acc() }));
        if (w.recent) addAcc(entry.hour, w);
        addAcc(entry.day, w);
      }
      const functions = [...byName.entries()]
        .map(([name, { hour, day }]) => ({ name, hour: windowStats(hour), day: windowStats(day) }))
        .sort((a, b) => b.day.calls - a.day.calls || a.name.localeCompare(b.name));
      return { functions, errors, generatedAt: new Date().toISOString() };
    },
  };
}

interface Acc {
  calls: number;
  clientErrors: number;
  serverErrors: number;
  histogram: number[];
}
const acc = (): Acc => ({ calls: 0, clientErrors: 0, serverErrors: 0, histogram: emptyHistogram() });
function addAcc(a: Acc, b: Omit<Acc, never>) {
  a.calls += b.calls;
  a.clientErrors += b.clientErrors;
  a.serverErrors += b.serverErrors;
  addInto(a.histogram, b.histogram);
}
function windowStats(a: Acc) {
  return {
    calls: a.calls,
    clientErrors: a.clientErrors,
    serverErrors: a.serverErrors,
    errorRate: a.calls ? a.serverErrors / a.calls : 0,
    p50: quantile(a.histogram, 0.5),
    p95: quantile(a.histogram, 0.95),
  };
}
export type FunctionStatsService = ReturnType<typeof createFunctionStatsService>;
