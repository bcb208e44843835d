import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../env';
import { MIN_NODE_MAJOR, NODE_MEMORY_OPTIONS, npmStartEnv } from '../lib/runtime';
import { REPO_ROOT } from '../paths';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The variables of the README's Configuration table (first column, each `NAME` in it). */
function readmeVariables(): string[] {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('| Variable | Default | What it does |'));
  const rows = table.split('\n').slice(2);
  const end = rows.findIndex((line) => !line.startsWith('|'));
  return rows.slice(0, end).flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

interface Service {
  image?: string;
  env_file?: string | string[];
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  mem_limit?: string;
}
const compose = () => parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
/** The services that run the Curio image. */
const curioServices = () => Object.entries(compose().services).filter(([, s]) => s.image?.includes('CURIO_IMAGE'));

describe('the deployment files agree with the README', () => {
  it('the README documents every setting the server reads, and only those', () => {
    const documented = new Set(readmeVariables());
    expect(documented.size).toBeGreaterThan(40);
    // glibc's settings, read by no code of ours.
    const glibc = ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'];
    const read = Object.keys(envSchema.shape).filter((name) => !glibc.includes(name));
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !glibc.includes(name) && !read.includes(name))).toEqual([]);
  });

  it('every README variable is in deploy/env.example, whose lines reach every Curio service (env_file)', () => {
    const example = read('deploy/env.example');
    const missing = readmeVariables().filter((name) => !new RegExp(`^#? ?${name}=|\\b${name}\\b`, 'm').test(example));
    expect(missing).toEqual([]);
    const services = curioServices();
    expect(services.map(([name]) => name).sort()).toEqual(['backup', 'bucket', 'web1', 'web2', 'worker']);
    for (const [name, service] of services) expect({ name, env_file: service.env_file }).toEqual({ name, env_file: '.env' });
  });

  it('every image is pinned by version (no latest, no bare major)', () => {
    for (const [name, service] of Object.entries(compose().services)) {
      const image = service.image!;
      const fallback = /\$\{[A-Z0-9_]+:-([^}]+)\}/.exec(image)?.[1] ?? image;
      expect({ name, pinned: /:(v?\d+\.\d+(\.\d+)?)(-[a-z0-9.-]+)?$/.test(fallback) || fallback.includes('@sha256:') }).toEqual({ name, pinned: true });
    }
    expect(read('Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:\d+\.\d+\.\d+-bookworm-slim$/m);
  });

  it('one Node.js everywhere: the version npm install brings, the image, the containers test and engines agree, and every start sets the memory options', () => {
    const root = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };
    const brought = root.devDependencies.node!;
    expect(brought).toMatch(/^\d+\.\d+\.\d+$/); // exact: the lock and the image name the same release
    expect(Number(brought.split('.')[0])).toBe(MIN_NODE_MAJOR);
    expect(root.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
    expect(read('Dockerfile')).toContain(`ARG NODE_IMAGE=node:${brought}-bookworm-slim`);
    expect(read('deploy/compose.yaml')).toContain(`node:${brought}-bookworm-slim`);
    expect(read('apps/server/scripts/test-containers.ts')).toContain(`CONTAINER_NODE_VERSION ?? '${brought}'`);
    // npm start and npm run worker put them before any NODE_OPTIONS of the caller's; the image sets them for every command.
    const scripts = (JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['start', 'worker']) expect(scripts[name]).toContain(`NODE_OPTIONS="${NODE_MEMORY_OPTIONS} \${NODE_OPTIONS:-}"`);
    expect(read('Dockerfile')).toContain(`NODE_OPTIONS="${NODE_MEMORY_OPTIONS}"`);
  });

  it("every start gives glibc's memory settings as npm start does: two arenas, large blocks in mappings of their own", () => {
    const scripts = (JSON.parse(read('apps/server/package.json')) as { scripts: Record<string, string> }).scripts;
    const glibc = Object.entries(npmStartEnv({})).filter(([name]) => name.startsWith('MALLOC_'));
    expect(glibc.map(([name]) => name).sort()).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);
    for (const [name, value] of glibc) {
      for (const script of ['start', 'worker']) expect(scripts[script], `${script}: ${name}`).toContain(`${name}=\${${name}:-${value}}`);
      expect(read('Dockerfile'), name).toMatch(new RegExp(`^\\s+${name}=${value} \\\\$`, 'm'));
    }
  });

  it('every service keeps its data in a named volume, the worker has a liveness check and memory limits are set', () => {
    const { services, volumes } = compose();
    for (const [name, service] of Object.entries(services)) {
      for (const mount of service.volumes ?? []) {
        const source = mount.split(':')[0]!;
        expect({ name, source, named: source.startsWith('./') || source in volumes }).toEqual({ name, source, named: true });
      }
    }
    expect(read('Dockerfile')).not.toMatch(/^VOLUME/m); // an anonymous volume per container otherwise
    expect(services.worker!.healthcheck?.test).toEqual(['CMD', 'node', 'apps/server/dist/worker.js', '--alive']);
    for (const name of ['web1', 'web2', 'worker']) expect(services[name]!.mem_limit).toBeTruthy();
  });

  it.skipIf(spawnSync('caddy', ['version']).status !== 0)('deploy/Caddyfile parses on the installed Caddy', () => {
    const res = spawnSync('caddy', ['adapt', '--config', path.join(REPO_ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: { ...process.env, SITE_ADDRESS: ':80' },
    });
    expect(res.stderr).not.toMatch(/Error/);
    expect(res.status).toBe(0);
  });
});
