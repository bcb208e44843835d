import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import type { Db } from './types';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this version of the code carries (drizzle's journal), oldest first. */
export function codeMigrations(dir = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.when - b.when);
}

export interface SchemaStatus {
  /** The code's migrations: how many, and the newest one's tag. */
  code: { migrations: number; latest: string | null };
  /** The database's applied migrations: how many, the newest one's tag (null when the code does not know it) and time. */
  database: { migrations: number; latest: string | null; latestAppliedAt: Date | null };
  /** Migrations the code has that the database lacks (the next start applies them). */
  pending: number;
  /** Migrations the database has that the code does not know: a newer version ran on it. */
  unknown: number;
}

/**
 * Compares the migrations drizzle recorded in the database (`drizzle.__drizzle_migrations`, one row
 * per applied migration, its `created_at` the journal's `when`) with those of the code.
 */
export async function schemaStatus(db: Db): Promise<SchemaStatus> {
  const entries = codeMigrations();
  const known = new Map(entries.map((e) => [e.when, e.tag]));
  const exists = await db.execute<{ found: string | null }>(sql`select to_regclass('drizzle.__drizzle_migrations')::text as found`);
  const applied = exists.rows[0]?.found
    ? (await db.execute<{ created_at: string }>(sql`select created_at from drizzle.__drizzle_migrations order by created_at`)).rows.map((r) =>
        Number(r.created_at),
      )
    : [];
  const newest = applied.at(-1);
  return {
    code: { migrations: entries.length, latest: entries.at(-1)?.tag ?? null },
    database: {
      migrations: applied.length,
      latest: newest === undefined ? null : (known.get(newest) ?? null),
      latestAppliedAt: newest === undefined ? null : new Date(newest),
    },
    // drizzle applies the migrations newer than the newest applied one.
    pending: entries.filter((e) => newest === undefined || e.when > newest).length,
    unknown: applied.filter((when) => !known.has(when)).length,
  };
}

/** The database was migrated by a newer version of the code: this one must not run on it. */
export class SchemaNewerError extends Error {
  constructor(readonly status: SchemaStatus) {
    super(
      `The database schema is newer than this version of Curio: it has ${status.unknown} migration${status.unknown === 1 ? '' : 's'} this version does not know ` +
        `(its latest from ${status.database.latestAppliedAt?.toISOString() ?? 'an unknown time'}; this version's latest is ${status.code.latest ?? 'none'}). ` +
        'Downgrades are not supported: run the newer version again, or restore the backup taken before the upgrade.',
    );
    this.name = 'SchemaNewerError';
  }
}

/** Throws a {@link SchemaNewerError} when the database has migrations the code does not know. */
export async function refuseNewerSchema(db: Db): Promise<void> {
  const status = await schemaStatus(db);
  if (status.unknown > 0) throw new SchemaNewerError(status);
}
