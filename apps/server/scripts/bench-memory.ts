/**
 * Resident memory of the compiled server as `npm start` runs it (CUTOUT=model, WORKERS=1), on PGlite
 * and on PostgreSQL: the web process idle after start, then the web process and its cut-out worker
 * after one photo was cut out by the segmentation model (which loads in the worker only).
 *   npm run bench:memory                   (both databases; writes docs/benchmarks.md)
 *   BENCH_PG_URL=postgres://… BENCH_DB=postgres npm run bench:memory
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/env';
import { npmStartEnv } from '../src/lib/runtime';
import { samplePhoto } from '../src/modules/generation/sample-photos';
import { writeBenchmarkSection } from './benchmark-doc';
import { childPids, scratchDatabase } from './bench-support';

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);

/** Resident set size in MB, from /proc (Linux) or ps. */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Math.round(
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024,
    );
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startServer(env: Record<string, string>) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(SERVER_DIR, 'dist/main.js')], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...npmStartEnv(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'info', CUTOUT: 'model', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
  return { child, url, lines };
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let ok = false;
    try {
      ok = await check();
    } catch {
      ok = false; // not up yet
    }
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A collector with an item and one photo, through the API as the web app does it. */
async function addPhoto(url: string) {
  const headers = { origin: url, 'content-type': 'application/json' };
  const post = async (p: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${url}${p}`, { method: 'POST', headers: { ...headers, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res;
  };
  const signUp = await post('/auth/v1/sign-up/email', { email: `mem${Date.now()}@bench.test`, password: 'bench password 1234', name: 'mem' });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await post('/functions/v1/onboarding-complete', { handle: `mem${Date.now().toString(36)}`, displayName: 'Bench', bio: '', public: true }, cookie);
  const item = (await (await post('/functions/v1/items-create', { title: 'Bench robot' }, cookie)).json()) as { item: { id: string } };
  const signed = (await (await post('/functions/v1/uploads-sign', { kind: 'photo', fileName: 'robot.jpg', contentType: 'image/jpeg' }, cookie)).json()) as {
    uploadURL: string;
    imageId: string;
  };
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await samplePhoto('robot'))], { type: 'image/jpeg' }), 'robot.jpg');
  const up = await fetch(`${url}${signed.uploadURL}`, { method: 'POST', headers: { origin: url, cookie }, body: form });
  if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
  await post('/functions/v1/photos-add', { itemId: item.item.id, imageId: signed.imageId, role: 'front' }, cookie);
}

async function measure(kind: 'pglite' | 'postgres') {
  const env: Record<string, string> = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-bench-mem-')) };
  let dropDb: (() => Promise<void>) | null = null;
  if (kind === 'postgres') {
    const scratch = await scratchDatabase(PG_URL, 'curio_bench_mem');
    env.DATABASE_URL = scratch.url;
    env.AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789';
    env.LOCAL_STORAGE_SHARED = 'true'; // the server and its worker child on one DATA_DIR
    dropDb = scratch.drop;
  }
  if (kind === 'pglite') {
    // The first start creates the data directory; measure a start as every later one is.
    const first = startServer(env);
    await waitFor(async () => (await fetch(`${first.url}/ready`)).ok, 'the first start');
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
  }
  const server = startServer(env);
  const pid = server.child.pid!;
  try {
    await waitFor(async () => (await fetch(`${server.url}/ready`)).ok, 'the server');
    for (const p of ['/health', '/ready', '/functions/v1/public-site-settings']) await fetch(`${server.url}${p}`);
    await sleep(IDLE_SECONDS * 1000);
    const idleWeb = rssMb(pid);
    const idleWorkers = childPids(pid).map(rssMb);

    const started = Date.now();
    await addPhoto(server.url);
    await waitFor(() => server.lines.some((l) => l.includes('"cut-out ready"')), 'the cut-out', 300_000);
    const cutoutSeconds = (Date.now() - started) / 1000;
    await sleep(3000);
    const afterWeb = rssMb(pid);
    const afterWorkers = childPids(pid).map(rssMb);
    console.log({ kind, idleWeb, idleWorkers, afterWeb, afterWorkers, cutoutSeconds });
    return { kind, idleWeb, idleWorkers, afterWeb, afterWorkers, cutoutSeconds };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await dropDb?.();
  }
}

// What `npm start` runs: the compiled server.
await new Promise<void>((resolve, reject) =>
  spawn(process.execPath, [path.join(SERVER_DIR, 'scripts/build.mjs')], { stdio: 'inherit' }).once('exit', (code) =>
    code === 0 ? resolve() : reject(new Error('build failed')),
  ),
);
const only = process.env.BENCH_DB;
const runs = [];
if (!only || only === 'pglite') runs.push(await measure('pglite'));
if (!only || only === 'postgres') runs.push(await measure('postgres'));

const mb = (xs: number[]) => (xs.length ? xs.map((x) => `${x} MB`).join(', ') : 'none running');
const section = `## Memory (\`npm run bench:memory\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.version}: resident memory (RSS) of the
compiled server started as \`npm start\` starts it (\`CUTOUT=model\`, \`WORKERS=1\`, \`NODE_ENV=production\`; on PGlite
a start on an existing data directory, as every start after the first), idle
${IDLE_SECONDS} s after it answered \`/ready\` and a few requests, then 3 s after one photo (1200 × 1400) was recorded
through the API and cut out by the segmentation model. The model loads only in the worker: on PGlite the child the web
process feeds over IPC (started with the first photo), on PostgreSQL the worker process taking jobs from the queue.
Goal for the idle web process: under 400 MB on PGlite, under 300 MB on PostgreSQL.

| Database | web process, idle | worker, idle | web process after a cut-out | worker after a cut-out | photo recorded → cut-out stored |
| --- | --- | --- | --- | --- | --- |
${runs
  .map(
    (r) =>
      `| ${r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL (127.0.0.1)'} | ${r.idleWeb} MB | ${mb(r.idleWorkers)} | ${r.afterWeb} MB | ${mb(r.afterWorkers)} | ${r.cutoutSeconds.toFixed(1)} s |`,
  )
  .join('\n')}
`;
writeBenchmarkSection('Memory', section);
