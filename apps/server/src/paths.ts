import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, found by walking up from this module: `src/` when run through tsx, `dist/` when the
 * server runs compiled (everything is bundled into dist/*.js there, so a fixed `../..` would differ).
 */
function findServerRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`apps/server not found above ${from}`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
