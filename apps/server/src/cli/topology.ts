/**
 * The production topology on one machine, without containers: N web processes and M job workers on
 * one PostgreSQL, images in a local S3-compatible store (s3rver), Caddy in front. Used by
 * `npm run cluster`, the load benchmark and the fault tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { npmStartEnv } from '../lib/runtime';
import { REPO_ROOT } from '../paths';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from '../storage/local-s3';

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

export interface TopologyOptions {
  databaseUrl: string;
  web: number;
  workers: number;
  /** Port of the proxy (0: any free one). */
  port?: number;
  /** Where s3rver, the processes' data directories and Caddy's configuration go. */
  dir: string;
  /** `dist`: the compiled server (`npm run build` first); `src`: through tsx (tests). */
  entry?: 'dist' | 'src';
  /** With `entry: 'dist'`: the folder under apps/server holding the compiled server (default `dist`). */
  distDir?: string;
  /** Without a proxy the web processes are reached directly (tests that kill one). */
  proxy?: boolean;
  authSecret?: string;
  /** Extra environment for every process. */
  env?: Record<string, string>;
  /** Where the processes' output goes (default: dropped). */
  output?: (name: string, line: string) => void;
}

export interface Proc {
  name: string;
  port?: number;
  child: ChildProcess;
  url?: string;
  exited: Promise<number | null>;
  /** Starts the process again (after a kill) with the same settings. */
  restart(): Promise<Proc>;
}

export interface Topology {
  /** The proxy (or the first web process without one), by address. */
  url: string;
  /** PUBLIC_URL of the processes: the origin writes must name. */
  publicUrl: string;
  webs: Proc[];
  workers: Proc[];
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  env: Record<string, string>;
  stop(): Promise<void>;
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitReady(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/ready`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function hasCaddy() {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
}

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  const entry = opts.entry ?? 'dist';
  mkdirSync(opts.dir, { recursive: true });
  const s3 = { bucket: 'curio', ...LOCAL_S3_KEYS, endpoint: '' };
  const s3Dir = path.join(opts.dir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const s3Port = await freePort();
  let s3server: LocalS3 | null = null;
  const startS3 = async () => {
    s3server = await startLocalS3({ port: s3Port, directory: s3Dir, bucket: s3.bucket });
  };
  const stopS3 = async () => {
    await s3server?.close();
    s3server = null;
  };
  await startS3();
  s3.endpoint = `http://127.0.0.1:${s3Port}`;

  const proxyPort = opts.proxy === false ? 0 : opts.port || (await freePort());
  const publicUrl = opts.proxy === false ? '' : `http://localhost:${proxyPort}`;
  const env: Record<string, string> = {
    // As `npm start` runs it: production, two glibc arenas (libvips' threads leave more half used: 50–70 MB
    // more resident under uploads), V8's memory settings.
    ...npmStartEnv({}),
    DATABASE_URL: opts.databaseUrl,
    AUTH_SECRET: opts.authSecret ?? randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    TRUST_PROXY: opts.proxy === false ? 'false' : 'true',
    WORKERS: '0',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    LOG_LEVEL: 'warn',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    ...opts.env,
  };

  const launch = (name: string, script: 'main' | 'worker', port?: number): Promise<Proc> => {
    const dataDir = path.join(opts.dir, name);
    mkdirSync(dataDir, { recursive: true });
    const args =
      entry === 'dist'
        ? ['--enable-source-maps', path.join(SERVER_DIR, opts.distDir ?? 'dist', `${script}.js`)]
        : ['--import', 'tsx', path.join(SERVER_DIR, `src/${script}.ts`)];
    const child = spawn(process.execPath, args, {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, DATA_DIR: dataDir, ...(port ? { PORT: String(port) } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.on('data', (d: Buffer) => {
        const lines = (rest + d.toString()).split('\n');
        rest = lines.pop()!;
        for (const line of lines) opts.output?.(name, line);
      });
    }
    const exited = new Promise<number | null>((r) => child.on('exit', (code, signal) => r(code ?? (signal ? -1 : null))));
    const proc: Proc = {
      name,
      port,
      child,
      url: port ? `http://127.0.0.1:${port}` : undefined,
      exited,
      restart: () => launch(name, script, port),
    };
    return Promise.resolve(proc);
  };

  const webs: Proc[] = [];
  const workers: Proc[] = [];
  let caddy: ChildProcess | null = null;
  const stop = async () => {
    const all = [...webs, ...workers];
    caddy?.kill('SIGTERM');
    for (const p of all) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    const timeout = setTimeout(() => all.forEach((p) => p.child.kill('SIGKILL')), 15_000);
    await Promise.all(all.map((p) => p.exited));
    clearTimeout(timeout);
    await stopS3();
  };

  try {
    // The first web process migrates alone; the others then start together.
    for (let i = 1; i <= opts.web; i++) {
      const web = await launch(`web${i}`, 'main', await freePort());
      webs.push(web);
      if (i === 1) await waitReady(web.url!);
    }
    await Promise.all(webs.map((w) => waitReady(w.url!)));
    for (let i = 1; i <= opts.workers; i++) workers.push(await launch(`worker${i}`, 'worker'));

    if (opts.proxy !== false) {
      const caddyfile = path.join(opts.dir, 'Caddyfile');
      writeFileSync(
        caddyfile,
        `{
\tadmin off
\tauto_https off
}
:${proxyPort} {
\tbind 127.0.0.1
\treverse_proxy ${webs.map((w) => `127.0.0.1:${w.port}`).join(' ')} {
\t\tlb_policy round_robin
\t\tlb_try_duration 5s
\t\tfail_duration 10s
\t\thealth_uri /ready
\t\thealth_interval 2s
\t\thealth_timeout 5s
\t\tflush_interval -1
\t}
}
`,
      );
      caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
        env: { ...process.env, XDG_DATA_HOME: opts.dir, XDG_CONFIG_HOME: opts.dir, HOME: opts.dir },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let caddyErr = '';
      caddy.stderr!.on('data', (d: Buffer) => (caddyErr = (caddyErr + d.toString()).slice(-4000)));
      caddy.on('exit', (code) => {
        if (code) opts.output?.('caddy', `caddy exited with ${code}: ${caddyErr}`);
      });
      await waitReady(`http://127.0.0.1:${proxyPort}`, 15_000);
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: publicUrl ? `http://127.0.0.1:${proxyPort}` : webs[0]!.url!,
    publicUrl: publicUrl || webs[0]!.url!,
    webs,
    workers,
    s3,
    env,
    stop,
    stopS3,
    startS3,
  };
}
