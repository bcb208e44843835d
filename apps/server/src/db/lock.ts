import { ownerOnlyDir } from '../lib/owner-only';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another Curio process (server or CLI). ` +
        'The embedded database serves one process only: stop the other process, or set DATABASE_URL ' +
        'to a PostgreSQL server to run several processes.',
    );
  }
}

/**
 * Takes the data directory's lock (PGlite has none of its own). Throws DataDirLockedError at once
 * when another live process holds it. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  // The database files, the auth secret and the mail outbox live here: readable by the owner only.
  ownerOnlyDir(dataDir);
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/.lock`,
      stale: 10_000,
      update: 2_000,
      retries: 0,
      realpath: false,
      onCompromised: (err) => {
        // Another process took the lock from us: continuing would risk the database files.
        console.error(`Lost the data directory lock: ${err.message}`);
        process.exit(1);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw err;
  }
}
