import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, unsupportedNode } from './runtime';

describe('the supported Node.js', () => {
  it('runs on Node.js 24 and newer and refuses older ones with a message that says what to do', () => {
    expect(unsupportedNode('24.21.0')).toBeNull();
    expect(unsupportedNode('26.10.0')).toBeNull();
    const refused = unsupportedNode('20.20.2')!;
    expect(refused).toContain('Curio needs Node.js 24 or newer; this is Node.js 20.20.2');
    expect(refused).toContain('npm install');
    expect(unsupportedNode('22.12.0')).toContain('this is Node.js 22.12.0');
  });

  it('is the version this test runs on (npm scripts run on the Node.js npm install brings)', () => {
    expect(unsupportedNode()).toBeNull();
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(MIN_NODE_MAJOR);
  });

  it('stops an entry started on an older Node.js before anything else runs, with one line and exit code 1', () => {
    // The entries import src/supported-node.ts first; run it as that older Node.js would (its version faked).
    const entry = path.join(import.meta.dirname, '../supported-node.ts');
    const res = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})', entry],
      {
        encoding: 'utf8',
      },
    );
    expect(res.status).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringContaining('Curio needs Node.js 24 or newer; this is Node.js 20.20.2')]);
  });
});
