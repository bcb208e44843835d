import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths';

const json = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Record<string, unknown>;
const scripts = (file: string) => (json(file).scripts ?? {}) as Record<string, string>;
const installed = (name: string) => String(json(`node_modules/${name}/package.json`).version);

/**
 * Two TypeScripts are installed on purpose (docs/decisions.md, "The type check runs on TypeScript 7"): the native
 * compiler (`typescript-native`, TypeScript 7) checks the types, and TypeScript 5 stays for the tools that load
 * TypeScript's JavaScript API, which TypeScript 7 does not have (typescript-eslint's peer range ends before 6.1).
 * Both packages declare a `tsc` command, and which one `node_modules/.bin/tsc` points at depends on the order npm
 * links them in, so no script may run a bare `tsc`.
 */
describe('the TypeScript toolchain', () => {
  it('every typecheck script runs the native compiler by its path, never a bare tsc', () => {
    for (const file of ['package.json', 'apps/web/package.json', 'apps/server/package.json', 'packages/contract/package.json']) {
      for (const [name, command] of Object.entries(scripts(file))) {
        expect(command, `${file} ${name}`).not.toMatch(/(^|[\s&;|])(npx )?tsc\b/);
      }
    }
    expect(scripts('package.json').typecheck).toBe('node node_modules/typescript-native/bin/tsc -b');
    expect(scripts('apps/web/package.json').typecheck).toBe('node ../../node_modules/typescript-native/bin/tsc -b');
  });

  it('the type check is TypeScript 7, and the TypeScript the linter loads is inside its peer range', () => {
    expect(Number(installed('typescript-native').split('.')[0])).toBe(7);
    const peer = String((json('node_modules/typescript-eslint/package.json').peerDependencies as Record<string, string>).typescript);
    const below = peer.match(/<(\d+)\.(\d+)/);
    expect(below, peer).not.toBeNull();
    const [major, minor] = installed('typescript').split('.').map(Number) as [number, number];
    expect(
      major < Number(below![1]) || (major === Number(below![1]) && minor < Number(below![2])),
      `typescript ${installed('typescript')} against ${peer}`,
    ).toBe(true);
  });
});
