import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Creates `dir` (and its missing parents) readable by its owner only, and narrows an existing one to
 * 0700: the database files, the auth secret and the mail outbox live under it. A folder this user
 * does not own (a mounted volume) is left as its owner set it.
 */
export function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}
