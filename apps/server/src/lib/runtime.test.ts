import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths';
import { compiledServer } from '../test/compiled';
import { MIN_NODE_MAJOR, unsupportedNode } from './runtime';

/** The machine's own Node.js when it is an older one (Debian's 20 on these machines), to start Curio with. */
const SYSTEM_NODE = '/usr/bin/node';
const systemMajor = existsSync(SYSTEM_NODE) ? Number.parseInt(spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout, 10) : NaN;
const olderSystemNode = Number.isFinite(systemMajor) && systemMajor < MIN_NODE_MAJOR;

describe('the Node.js Curio runs on', () => {
  it('refuses a Node.js older than 24 with one line naming both versions, and takes 24 and newer', () => {
    expect(unsupportedNode('20.20.2')).toMatch(/^Curio needs Node\.js 24 or newer; this is Node\.js 20\.20\.2\. /);
    expect(unsupportedNode('22.12.0')).toMatch(/this is Node\.js 22\.12\.0/);
    expect(unsupportedNode('24.0.0')).toBeNull();
    expect(unsupportedNode('24.21.0')).toBeNull();
    expect(unsupportedNode('25.1.0')).toBeNull();
  });

  it('is the Node.js the tests run on: npm scripts use the Node.js 24 that npm install puts in node_modules/.bin', () => {
    expect(unsupportedNode(), `the tests run on Node.js ${process.versions.node}`).toBeNull();
  });

  it("says the same in package.json's engines and in the node package it installs", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${MIN_NODE_MAJOR}\\.`));
  });

  it.skipIf(!olderSystemNode)('stops a start on an older Node.js with that line, before reading any setting', () => {
    const started = spawnSync(SYSTEM_NODE, compiledServer('main'), {
      encoding: 'utf8',
      timeout: 20_000,
      // A setting that would stop the start on its own: the version is checked first.
      env: { PATH: process.env.PATH, PORT: '0' },
    });
    expect(started.status).toBe(1);
    const lines = started.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Curio needs Node\\.js 24 or newer; this is Node\\.js ${systemMajor}\\.\\d+\\.\\d+\\. Start it through npm`));
  });
});
