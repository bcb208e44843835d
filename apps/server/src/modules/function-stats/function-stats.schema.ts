import { bigserial, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Calls of each function per minute, summed over every process: each process counts in memory and
 * adds its counts here every few seconds (`insert … on conflict do update`). `histogram` holds the
 * number of calls per latency bucket (`LATENCY_BUCKETS_MS`, plus one for slower ones), so that
 * percentiles can be computed over any set of minutes and processes.
 */
export const functionStats = pgTable(
  'function_stats',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    calls: integer('calls').notNull().default(0),
    clientErrors: integer('client_errors').notNull().default(0),
    serverErrors: integer('server_errors').notNull().default(0),
    durationMsSum: doublePrecision('duration_ms_sum').notNull().default(0),
    histogram: integer('histogram').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.minute, t.name] })],
);

/** The latest failed calls (4xx and 5xx), trimmed to the newest few hundred. */
export const functionErrors = pgTable(
  'function_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    status: integer('status').notNull(),
    code: text('code'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('function_errors_at_idx').on(t.at)],
);
