import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The PostgreSQL run (`npm run test:api:pg`) runs only the tests tagged `postgres`. A test that runs only
 * on PostgreSQL (skipped without DATABASE_URL) and lacks the tag would then run nowhere: each must carry the
 * tag itself or sit in a describe that does.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));
const POSTGRES_ONLY = /\.(skipIf\(\s*!|runIf\()[^)]*(url|DATABASE_URL)/;
const TAG = "tags: ['postgres']";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const indent = (line: string) => line.length - line.trimStart().length;

/** The lines that only run on PostgreSQL and are tagged neither themselves nor by an enclosing describe. */
export function untaggedPostgresOnly(source: string): string[] {
  const lines = source.split('\n');
  return lines.filter((line, i) => {
    if (!POSTGRES_ONLY.test(line)) return false;
    // The tag in the call itself: on its line, or on one of the next two when the arguments are broken over lines.
    const call = [line, ...lines.slice(i + 1, i + 3).filter((next) => indent(next) > indent(line))];
    if (call.some((l) => l.includes(TAG))) return false;
    let depth = indent(line);
    for (let j = i - 1; j >= 0 && depth > 0; j--) {
      const above = lines[j]!;
      if (above.trim() === '' || indent(above) >= depth) continue;
      depth = indent(above);
      if (/\bdescribe\b/.test(above) && above.includes(TAG)) return false;
    }
    return true;
  });
}

describe('the postgres tag', () => {
  it('is on every test that runs only on PostgreSQL, or on a describe around it', () => {
    const others = testFiles(SRC).filter((file) => file !== fileURLToPath(import.meta.url));
    const missing = others.flatMap((file) => untaggedPostgresOnly(readFileSync(file, 'utf8')).map((line) => `${path.relative(SRC, file)}: ${line.trim()}`));
    expect(missing).toEqual([]);
  });

  it('catches an untagged PostgreSQL-only test, and accepts one inside a tagged describe', () => {
    const untagged = "describe.skipIf(!process.env.DATABASE_URL)('on a server', () => {\n  it('works', () => {});\n});";
    expect(untaggedPostgresOnly(untagged)).toHaveLength(1);
    const inside = `describe('a module', { ${TAG} }, () => {\n  it.skipIf(!process.env.DATABASE_URL)('reconnects', async () => {});\n});`;
    expect(untaggedPostgresOnly(inside)).toEqual([]);
  });

  it('finds the tag of a call whose arguments are broken over lines, and only in that call', () => {
    const broken = `it.runIf(process.env.DATABASE_URL)(\n  'starts on a server',\n  { ${TAG}, timeout: 90_000 },\n  async () => {},\n);`;
    expect(untaggedPostgresOnly(broken)).toEqual([]);
    const next = `it.runIf(process.env.DATABASE_URL)('starts on a server', async () => {});\nit('another', { ${TAG} }, () => {});`;
    expect(untaggedPostgresOnly(next)).toHaveLength(1);
  });
});
