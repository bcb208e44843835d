import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/check-bundle.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A build output whose entry chunk gzips to about `gzipBytes` (random bytes, base64: gzip gets back to their count). */
function dist(gzipBytes: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-bundle-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, text: string) => writeFileSync(path.join(dir, 'assets', file), text);
  write('index-a.js', `import "./landing-b.js";const s="${randomBytes(gzipBytes).toString('base64')}";`);
  write('landing-b.js', 'export const landing = 1;');
  write('en-core-c.js', 'export default {};');
  write('react-d.js', 'const e = "https://react.dev/errors/";');
  writeFileSync(
    path.join(dir, 'index.html'),
    '<meta name="curio-catalogs" content="en=/assets/en-core-c.js"><script type="module" crossorigin src="/assets/index-a.js"></script>',
  );
  return dir;
}

const check = (dir: string) => spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, BUNDLE_DIST: dir }, encoding: 'utf8' });

describe('the bundle check', () => {
  it('passes an entry chunk under 90 KB gzipped and prints its size', () => {
    const run = check(dist(60 * 1024));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/entry chunk: 6\d\.\d KB gzipped \(budget 90 KB\)/);
  });

  it('fails an entry chunk over 90 KB gzipped, naming it', () => {
    const run = check(dist(100 * 1024));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/The entry chunk \(assets\/index-a\.js\) is over budget/);
  });
});
