import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses to install when a dependency in the lock file no longer satisfies its declared
 * range. A range given as a dist-tag ("latest", "next") moves whenever the package publishes, so a
 * lock that was fine yesterday fails on a clean machine today. Every such tag below our own
 * packages must be pinned by an override in the root package.json.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

type LockEntry = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const DIST_TAG = /^[a-z][a-z0-9._-]*$/i;

describe('package-lock.json', () => {
  it('has no dependency declared by a moving dist-tag without an override pinning it', () => {
    const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
      overrides?: Record<string, Record<string, string> | string>;
    };
    const unpinned: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith('node_modules/')) continue;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const ranges = { ...entry.dependencies, ...entry.optionalDependencies };
      for (const [dep, range] of Object.entries(ranges)) {
        if (!DIST_TAG.test(range)) continue;
        const scoped = pkg.overrides?.[name];
        const pinned = (typeof scoped === 'object' && typeof scoped[dep] === 'string') || typeof pkg.overrides?.[dep] === 'string';
        if (!pinned) unpinned.push(`${name} → ${dep}@${range}`);
      }
    }
    expect(unpinned).toEqual([]);
  });
});
