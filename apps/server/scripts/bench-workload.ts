/**
 * `npm run bench:workload`: resident memory of the web process after a morning of use on the embedded database.
 *
 * The compiled server, started as `npm start` starts it (NODE_ENV=production and the other settings its script gives,
 * default settings otherwise: PGlite under a fresh DATA_DIR, the segmentation model in the cut-out child), is driven through the HTTP API with the calls the web app
 * makes: about 200 sign-ups with onboarding; 60 items, each with 1-3 photos (1200 × 1600 to 2000 × 1500 JPEGs) that
 * are cut out by the model, generated, a variant chosen and placed on the shelf, while visitors browse; likes, saves,
 * comments and follows; messages between pairs; then a browsing sweep (explore pages, item pages, profiles, and the
 * HTML of /, /explore, /i/{id} and /u/{handle}, as guests and signed in). Some signed-in visitors keep their live
 * streams open meanwhile, as open tabs do. The web process's and the child's resident memory are sampled every second
 * from /proc; after the workload (and a settle of 15 s) it prints the web process's resident memory, its peak, the
 * child's, the database's size on disk, and where the web process's memory is (its /proc/<pid>/smaps and /metrics).
 *
 *   npm run bench:workload                      (the whole morning: 20-30 minutes on 2 cores)
 *   npm run bench:workload -- --scale 0.25      (a quarter of every count, for a quick look)
 *   npm run bench:workload -- --write           (also writes its section of docs/benchmarks.md)
 *   npm run bench:workload -- --env KEY=VALUE   (a setting for the server, e.g. MALLOC_ARENA_MAX=16, glibc's own limit on
 *                                                2 cores, against npm start's 2; may repeat)
 *   npm run bench:workload -- --hold 300 --node-arg --heapsnapshot-signal=SIGUSR2
 *                                               (keeps the server 300 s after the figures, to look at it)
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STYLES } from '@curio/contract';
import { samplePhoto } from '../src/modules/generation/sample-photos';
import { REPO_ROOT } from '../src/paths';
import { arg, buildServer, childPids, flag, SERVER_DIR, startServer, stop } from './bench-support';
import { writeBenchmarkSection } from './benchmark-doc';

const SCALE = Number(arg('scale') ?? 1);
if (!(SCALE > 0)) throw new Error('--scale takes a positive number');
const SETTLE_SECONDS = Number(arg('settle') ?? 15);
const WRITE = flag('write');
/** `--hold 300`: keeps the server running this many seconds after the figures, to look at it (`/proc/<pid>/smaps`, a heap snapshot). */
const HOLD_SECONDS = Number(arg('hold') ?? 0);
/** `--node-arg --heapsnapshot-signal=SIGUSR2`: an option for the server's node (may repeat). */
const NODE_ARGS = process.argv.slice(2).flatMap((a, i, all) => (a === '--node-arg' ? [all[i + 1]!] : a.startsWith('--node-arg=') ? [a.slice(11)] : []));
const count = (n: number) => Math.max(1, Math.round(n * SCALE));

/** The morning: the issue's 200 sign-ups and 60 items, with the social traffic of as many people. */
const PLAN = {
  users: Math.max(4, count(200)),
  items: count(60),
  likes: count(1600),
  saves: count(300),
  comments: count(300),
  follows: count(600),
  pairs: count(50),
  messagesPerPair: 8,
  streams: count(20),
};
/** Sign-ups and sign-ins all come from 127.0.0.1 here: the per-address auth limits (10 a minute) would take 20 minutes of the run. */
const LIMITS: Record<string, string> = { AUTH_SIGNIN_RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' };
/** Production keeps /metrics closed without a token: the breakdown reads the V8 heap with one. */
const METRICS_TOKEN = 'bench-workload-metrics';
/** Settings for the server given with `--env KEY=VALUE` (what a variant of the run changes). */
const EXTRA_ENV: Record<string, string> = {};
process.argv.slice(2).forEach((a, i, all) => {
  const kv = a === '--env' ? all[i + 1] : a.startsWith('--env=') ? a.slice(6) : undefined;
  if (kv === undefined) return;
  const eq = kv.indexOf('=');
  if (eq <= 0) throw new Error(`--env takes KEY=VALUE, not ${kv}`);
  EXTRA_ENV[kv.slice(0, eq)] = kv.slice(eq + 1);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;
const tag = Date.now().toString(36).slice(-5);

// ---------------------------------------------------------------- memory from /proc

interface ProcStatus {
  rss: number;
  hwm: number;
  anon: number;
  file: number;
  threads: number;
}
/** A process's memory (MB) from /proc/<pid>/status; null once it has ended. */
function procStatus(pid: number): ProcStatus | null {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024, threads: kb('Threads') };
  } catch {
    return null;
  }
}

/**
 * Where a process's resident memory is, from /proc/<pid>/smaps (MB). A reservation is a run of contiguous anonymous
 * mappings, its usable part first and its inaccessible rest after (as mmap'd then partly opened): one of 4 GB or more is
 * a WebAssembly memory (the largest is PGlite's PostgreSQL; undici's HTTP parser and Node's module lexer have small
 * ones); one of a multiple of 64 MB on a 64 MB boundary is glibc malloc arenas of threads (libvips', libuv's pool);
 * `[heap]` is the main malloc arena; the other anonymous memory is the V8 heaps (the main thread's and any worker
 * thread's), large malloc blocks and stacks; file-backed pages are code (node, sharp's libvips, …).
 */
function smapsBreakdown(pid: number) {
  const out = { wasm: [] as number[], arenas: 0, arenaCount: 0, brk: 0, otherAnon: 0, files: 0 };
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  type Map = { start: bigint; end: bigint; perms: string; name: string; rss: number };
  const maps: Map[] = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, name: head[4]!, rss: 0 });
    else if (line.startsWith('Rss:') && maps.length) maps[maps.length - 1]!.rss = Number(/(\d+)/.exec(line)![1]) / 1024;
  }
  const ARENA = 64n * BigInt(MB);
  for (let i = 0; i < maps.length;) {
    const m = maps[i]!;
    if (m.name !== '') {
      if (m.name === '[heap]') out.brk += m.rss;
      else if (m.name.startsWith('/')) out.files += m.rss;
      else out.otherAnon += m.rss; // [stack], [vvar], …
      i++;
      continue;
    }
    // One reservation: its accessible mappings, then its inaccessible ones (---p), all contiguous.
    let j = i + 1;
    while (
      j < maps.length &&
      maps[j]!.name === '' &&
      maps[j]!.start === maps[j - 1]!.end &&
      !(maps[j - 1]!.perms.startsWith('---') && !maps[j]!.perms.startsWith('---'))
    )
      j++;
    const rss = maps.slice(i, j).reduce((sum, x) => sum + x.rss, 0);
    const size = maps[j - 1]!.end - m.start;
    if (size >= 4096n * BigInt(MB)) out.wasm.push(rss);
    else if (size % ARENA === 0n && m.start % ARENA === 0n) {
      out.arenas += rss;
      out.arenaCount += Number(size / ARENA);
    } else out.otherAnon += rss;
    i = j;
  }
  out.wasm.sort((x, y) => y - x);
  return out;
}

/** The names of a process's threads, counted (`node` ×1, `libuv-worker` ×4, …). */
function threadNames(pid: number): string {
  const counts = new Map<string, number>();
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      const name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  } catch {
    return '?';
  }
  return [...counts].map(([n, c]) => (c > 1 ? `${n} ×${c}` : n)).join(', ');
}

function dirBytes(dir: string): number {
  let total = 0;
  try {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) total += dirBytes(p);
      else if (e.isFile()) total += statSync(p).size;
    }
  } catch {
    // gone meanwhile
  }
  return total;
}

/** Samples the web process and its children every second: the highest resident memory seen, and a line every 30 s. */
function sampler(pid: number) {
  let phase = 'start';
  const started = Date.now();
  const peak = { web: 0, child: 0 };
  const childHwm = new Map<number, number>();
  let lastLog = 0;
  const tick = () => {
    const web = procStatus(pid);
    if (!web) return;
    peak.web = Math.max(peak.web, web.rss);
    let child = 0;
    for (const c of childPids(pid)) {
      const s = procStatus(c);
      if (!s) continue;
      child += s.rss;
      childHwm.set(c, Math.max(childHwm.get(c) ?? 0, s.hwm));
    }
    peak.child = Math.max(peak.child, child);
    if (Date.now() - lastLog >= 30_000) {
      lastLog = Date.now();
      console.log(
        `  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  ${phase.padEnd(22)} web ${web.rss.toFixed(0)} MB, cut-out child ${child.toFixed(0)} MB`,
      );
    }
  };
  const timer = setInterval(tick, 1000);
  tick();
  return {
    set phase(p: string) {
      phase = p;
      lastLog = 0;
      tick();
    },
    peak,
    childHwm,
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------- the API, as the web app calls it

interface User {
  n: number;
  id: string;
  email: string;
  handle: string;
  cookie: string;
  lastComment: number;
  lastMessage: number;
}
interface Item {
  id: string;
  owner: User;
  imageIds: string[];
}

const calls = new Map<string, { n: number; failed: number }>();
const failures: string[] = [];
function counted(kind: string, ok: boolean, detail?: string) {
  const c = calls.get(kind) ?? { n: 0, failed: 0 };
  c.n++;
  if (!ok) {
    c.failed++;
    if (failures.length < 20) failures.push(`${kind}: ${detail}`);
  }
  calls.set(kind, c);
}

let BASE = '';
const writeHeaders = (cookie?: string) => ({ origin: BASE, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

/** A write (POST with JSON), as a signed-in browser sends it: its origin and cookie. */
async function call<T = any>(name: string, body: unknown, user?: User): Promise<T> {
  const res = await fetch(`${BASE}/functions/v1/${name}`, { method: 'POST', headers: writeHeaders(user?.cookie), body: JSON.stringify(body) });
  const text = await res.text();
  counted(name, res.ok, `${res.status} ${text.slice(0, 200)}`);
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
/** A read (GET with the input in the query string), as the web app's queries send it. */
async function read<T = any>(name: string, query: Record<string, string | number | boolean> = {}, user?: User): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await fetch(`${BASE}/functions/v1/${name}${qs ? `?${qs}` : ''}`, { headers: user ? { cookie: user.cookie } : {} });
  const text = await res.text();
  counted(name, res.ok, `${res.status} ${text.slice(0, 200)}`);
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}
/** A page's HTML (the server fills in its data; a guest's profile is rendered by the page renderer), or an image. */
async function get(p: string, user?: User, kind = `GET ${p.replace(/^\/(i|u|img)\/.*/, '/$1/…')}`): Promise<void> {
  const res = await fetch(`${BASE}${p}`, { headers: user ? { cookie: user.cookie } : {} });
  await res.arrayBuffer();
  counted(kind, res.ok, `${res.status}`);
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
}

/** Runs the tasks with at most `concurrency` at a time; a task that fails is counted and the others go on. */
async function pool(tasks: (() => Promise<unknown>)[], concurrency: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        await task().catch(() => undefined); // counted where it failed
      }
    }),
  );
}

/** Seeded choices, so that two runs make the same calls in the same order. */
let seed = 42;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;

async function signUp(n: number): Promise<User> {
  const email = `workload${n}.${tag}@bench.test`;
  const res = await fetch(`${BASE}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: writeHeaders(),
    body: JSON.stringify({ email, password: 'bench password 1234', name: `Collector ${n}` }),
  });
  const text = await res.text();
  counted('sign-up', res.ok, `${res.status} ${text.slice(0, 200)}`);
  if (!res.ok) throw new Error(`sign-up: ${res.status} ${text}`);
  const user: User = {
    n,
    id: (JSON.parse(text) as { user: { id: string } }).user.id,
    email,
    handle: `w${tag}_${n}`,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
    lastComment: 0,
    lastMessage: 0,
  };
  // What the app asks for on its first screens, then onboarding.
  await read('public-site-settings', {}, user);
  await read('profile-me', {}, user);
  await call('onboarding-complete', { handle: user.handle, displayName: `Collector ${n}`, bio: n % 3 ? '' : 'Robots and vinyl, mostly.', public: true }, user);
  await get('/', user);
  await read('notifications-unseen-count', {}, user);
  await read('get-credit-balance', {}, user);
  return user;
}

const PHOTO_SIZES = [
  { width: 1600, height: 2000 },
  { width: 2000, height: 1500 },
  { width: 1200, height: 1600 },
];
const PHOTO_NAMES = ['robot', 'astronaut', 'dino'] as const;
const photos = new Map<string, Buffer>();
/** The j-th photo: one of the three drawn subjects at one of the three sizes (nine files in all, made once). */
async function photoBytes(j: number): Promise<Buffer> {
  const name = PHOTO_NAMES[j % 3]!;
  const size = PHOTO_SIZES[Math.floor(j / 3) % 3]!;
  const key = `${name}/${size.width}x${size.height}`;
  if (!photos.has(key)) photos.set(key, await samplePhoto(name, size));
  return photos.get(key)!;
}

/** A live stream held open as a browser tab does (read and dropped) until `close`. */
function openStream(user: User, stream: 'notifications' | 'messages' | 'photos') {
  const abort = new AbortController();
  const done = fetch(`${BASE}/realtime/v1/${stream}`, { headers: { cookie: user.cookie, accept: 'text/event-stream' }, signal: abort.signal })
    .then(async (res) => {
      counted(`stream ${stream}`, res.ok, String(res.status));
      if (!res.body) return;
      for await (const chunk of res.body) void chunk;
    })
    .catch(() => undefined);
  return () => {
    abort.abort();
    return done;
  };
}

/** The wizard: create, upload each photo (sign, send, record), wait for the cut-outs, generate, choose a variant, place. */
async function addItem(i: number, owner: User, items: Item[]) {
  await read('shelf-get', {}, owner);
  const { item } = await call<{ item: { id: string } }>(
    'items-create',
    {
      title: `${pick(['Gundam', 'Astro', 'Rex', 'Mecha', 'Lunar'])} figure ${i}`,
      tags: pick(['robots, anime', 'dinosaurs', 'space, vintage', 'lego', 'dolls']),
      nsfw: false,
    },
    owner,
  );
  const closeStream = openStream(owner, 'photos');
  const imageIds: string[] = [];
  try {
    const count = 1 + (i % 3);
    for (let p = 0; p < count; p++) {
      const signed = await call<{ uploadURL: string; imageId: string }>(
        'uploads-sign',
        { kind: 'photo', fileName: `photo${p}.jpg`, contentType: 'image/jpeg' },
        owner,
      );
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(await photoBytes(2 * i + p))], { type: 'image/jpeg' }), `photo${p}.jpg`);
      const up = await fetch(`${BASE}${signed.uploadURL}`, { method: 'POST', headers: { origin: BASE, cookie: owner.cookie }, body: form });
      counted('upload', up.ok, `${up.status}`);
      if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
      await up.arrayBuffer();
      await call('photos-add', { itemId: item.id, imageId: signed.imageId, role: (['front', 'side', 'back'] as const)[p] }, owner);
      imageIds.push(signed.imageId);
    }
    // As the wizard: Generate once every photo is prepared (the cut-outs queue in the one child).
    const deadline = Date.now() + 20 * 60_000;
    for (;;) {
      const status = await read<{ photos: { prep: string }[] }>('photos-status', { itemId: item.id }, owner);
      if (!status.photos.some((ph) => ph.prep === 'pending')) break;
      if (Date.now() > deadline) throw new Error(`photos of item ${i} still pending after 20 minutes`);
      await sleep(2000);
    }
  } finally {
    await closeStream();
  }
  const { variants } = await call<{ variants: { compositeId: string; imageId: string }[] }>(
    'items-generate',
    { itemId: item.id, style: STYLES[i % STYLES.length], lang: 'en' },
    owner,
  );
  // The variants as the chooser shows them.
  for (const v of variants) await get(`/img/${v.imageId}/thumb`, owner, 'GET /img/… (variant)').catch(() => undefined);
  await call('items-choose', { itemId: item.id, compositeId: variants[i % variants.length]!.compositeId }, owner);
  await call('items-place', { itemId: item.id }, owner);
  await read('shelf-get', {}, owner);
  await get(`/i/${item.id}`, owner);
  items.push({ id: item.id, owner, imageIds });
}

/** One visit: a guest or a signed-in collector opens a few pages (and their images), as the app loads them. */
async function visit(items: Item[], users: User[], signedIn: boolean) {
  const user = signedIn ? pick(users) : undefined;
  await get('/', user);
  await get('/explore', user);
  const sort = pick(['trending', 'new', 'top']);
  const list = await read<{ items: { itemId: string; imageUrl: string; user: { handle: string } }[] }>(
    'explore-list',
    { sort, timeRange: '7d', page: 0, pageSize: 30 },
    user,
  );
  for (const card of list.items.slice(0, 6)) await get(card.imageUrl, user, 'GET /img/… (card)').catch(() => undefined);
  if (!items.length) return;
  const item = pick(items);
  await get(`/i/${item.id}`, user);
  const got = await read<{ item?: { imageId?: string } }>('item-get', { itemId: item.id }, user);
  void got;
  await read('comments-list', { itemId: item.id }, user);
  await get(`/u/${item.owner.handle}`, user);
  await read('profile-get', { handle: item.owner.handle }, user);
  if (user) await read('notifications-unseen-count', {}, user);
}

async function comment(user: User, item: Item, text: string) {
  // COMMENT_INTERVAL_SECONDS (10 s) per collector: wait as a person types.
  const wait = user.lastComment + 10_500 - Date.now();
  if (wait > 0) await sleep(wait);
  user.lastComment = Date.now();
  await call('comments-create', { itemId: item.id, body: text }, user);
}

async function message(from: User, threadId: string, text: string) {
  const wait = from.lastMessage + 1_100 - Date.now(); // MESSAGE_INTERVAL_SECONDS (1 s)
  if (wait > 0) await sleep(wait);
  from.lastMessage = Date.now();
  await call('dm-send', { threadId, text }, from);
}

// ---------------------------------------------------------------- the run

async function metrics(url: string) {
  try {
    const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const value = (re: RegExp) => {
      const m = re.exec(text);
      return m ? Number(m[1]) / MB : NaN;
    };
    return {
      heapTotal: value(/^nodejs_heap_size_total_bytes (\S+)/m),
      heapUsed: value(/^nodejs_heap_size_used_bytes (\S+)/m),
      external: value(/^nodejs_external_memory_bytes (\S+)/m),
    };
  } catch {
    return null;
  }
}

// npm start builds the web app too; the server serves the build that is there (its HTML, and the page renderer's bundle).
if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist-ssr/render-worker.mjs')))
  console.warn('no web build (apps/web/dist-ssr): run `npm run build` first, or profiles are not rendered');
const entry = await buildServer();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-bench-workload-'));
process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
/** The settings `npm start`'s script gives the server (`NAME=${NAME:-value}` before `node`) and this shell does not set. */
function startScriptEnv(): Record<string, string> {
  const script = (JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const env: Record<string, string> = {};
  for (const m of script.matchAll(/(\w+)=\$\{(\w+):-([^}]*)\}/g)) if (m[1] === m[2] && process.env[m[1]!] === undefined) env[m[1]!] = m[3]!;
  return env;
}
const serverEnv = { ...startScriptEnv(), DATA_DIR: dataDir, DATABASE_URL: '', METRICS_TOKEN, ...LIMITS, ...EXTRA_ENV };
const overrides = Object.entries({ ...LIMITS, ...EXTRA_ENV }).map(([k, v]) => `${k}=${v}`);
console.log(
  `npm start's own settings: ${
    Object.entries(startScriptEnv())
      .map(([k, v]) => `${k}=${v}`)
      .join(' ') || 'none'
  }`,
);
console.log(`server settings beyond npm start's defaults: ${overrides.join(' ')} (and METRICS_TOKEN, to read the V8 heap)`);
console.log(`plan: ${JSON.stringify(PLAN)}`);

// The first start creates the data directory: measure a start as every later one is (as bench:memory does).
const first = await startServer(entry, serverEnv);
await stop(first.child);

let server: { child: ChildProcess; url: string } | null = null;
const closers: (() => Promise<unknown>)[] = [];
try {
  server = await startServer(entry, serverEnv, NODE_ARGS);
  BASE = server.url;
  const pid = server.child.pid!;
  const startedAt = Date.now();
  // Idle as bench:memory measures it: 15 s after it answered /ready.
  await sleep(15_000);
  const idle = procStatus(pid)!;
  console.log(`web process ${pid}: ${idle.rss.toFixed(0)} MB resident 15 s after start`);
  const samples = sampler(pid);

  // 1. Sign-ups with onboarding, four at a time.
  samples.phase = 'sign-ups';
  const users: User[] = [];
  await pool(
    Array.from({ length: PLAN.users }, (_, n) => async () => users.push(await signUp(n))),
    4,
  );
  users.sort((a, b) => a.n - b.n);
  if (users.length < PLAN.users * 0.9) throw new Error(`only ${users.length} of ${PLAN.users} sign-ups succeeded: ${failures.join('; ')}`);
  // Tabs left open: the bell's and the messages' streams of some collectors, for the rest of the morning.
  for (const u of users.slice(0, PLAN.streams)) closers.push(openStream(u, 'notifications'), openStream(u, 'messages'));

  // 2. Items through the wizard, three collectors at a time, while guests and collectors browse.
  samples.phase = 'items (and browsing)';
  const items: Item[] = [];
  let adding = true;
  const owners = Array.from({ length: PLAN.items }, (_, i) => users[(i * 7) % users.length]!);
  const adders = pool(
    owners.map((owner, i) => () => addItem(i, owner, items)),
    3,
  ).finally(() => (adding = false));
  let visits = 0;
  const browsers = Array.from({ length: 2 }, async (_, b) => {
    while (adding) {
      await visit(items, users, b === 1).catch(() => undefined);
      visits++;
      await sleep(500);
    }
  });
  await Promise.all([adders, ...browsers]);
  if (!items.length) throw new Error(`no item was made: ${failures.join('; ')}`);

  // 3. Likes, saves, follows and comments, spread over the collectors.
  samples.phase = 'likes, comments, follows';
  const social: (() => Promise<unknown>)[] = [];
  for (let k = 0; k < PLAN.likes; k++) {
    const user = users[k % users.length]!;
    const item = items[(k * 13 + Math.floor(k / users.length)) % items.length]!;
    social.push(async () => {
      await read('item-get', { itemId: item.id }, user);
      await call('social-like-toggle', { itemId: item.id, liked: true }, user);
    });
  }
  for (let k = 0; k < PLAN.saves; k++)
    social.push(() => call('social-bookmark-toggle', { itemId: items[(k * 5) % items.length]!.id, saved: true }, users[(k * 3) % users.length]!));
  for (let k = 0; k < PLAN.follows; k++) {
    const user = users[k % users.length]!;
    const target = items[(k * 11 + Math.floor(k / users.length)) % items.length]!.owner;
    if (target.id !== user.id) social.push(() => call('social-follow-toggle', { targetUserId: target.id, following: true }, user));
  }
  for (let k = 0; k < PLAN.comments; k++) {
    const user = users[(k * 3) % users.length]!;
    const item = items[(k * 7) % items.length]!;
    social.push(async () => {
      await read('comments-list', { itemId: item.id }, user);
      await comment(
        user,
        item,
        pick(['Lovely paint job!', 'Where did you find this one?', 'The lighting on this is great.', 'I have the same one, still boxed.', '好看！']),
      );
    });
  }
  // Interleaved, as people do them (a comment waits its user's interval without holding up the rest much).
  for (let k = social.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [social[k], social[j]] = [social[j]!, social[k]!];
  }
  await pool(social, 6);
  for (const u of users) {
    await read('notifications-list', {}, u).catch(() => undefined);
    await call('notifications-mark-read', {}, u).catch(() => undefined);
  }

  // 4. Messages between pairs: open a thread, then take turns.
  samples.phase = 'messages';
  await pool(
    Array.from({ length: Math.min(PLAN.pairs, Math.floor(users.length / 2)) }, (_, k) => async () => {
      const a = users[(2 * k + 1) % users.length]!;
      const b = users[(2 * k + 2) % users.length]!;
      await read('dm-recipients-search', { q: b.handle.slice(0, 6) }, a).catch(() => undefined);
      const { thread } = await call<{ thread: { id: string } }>('dm-thread-upsert', { otherUserId: b.id }, a);
      for (let m = 0; m < PLAN.messagesPerPair; m++) {
        const [from, to] = m % 2 ? [b, a] : [a, b];
        await message(from, thread.id, m % 2 ? `Sure, message ${m}. It's the 1998 release.` : `Hi! Is the figure from ${m} still for trade?`);
        await read('dm-messages-list', { threadId: thread.id }, to);
        await call('dm-mark-read', { threadId: thread.id }, to);
      }
      await read('dm-threads-list', {}, a);
      await read('dm-threads-list', {}, b);
    }),
    4,
  );

  // 5. Browsing: every item and every owner's profile, as a guest and signed in, and explore's pages.
  samples.phase = 'browsing';
  const browse: (() => Promise<unknown>)[] = [];
  for (const [k, item] of items.entries()) {
    const user = users[(k * 17) % users.length]!;
    browse.push(async () => {
      await get(`/i/${item.id}`);
      await read('item-get', { itemId: item.id });
      await read('comments-list', { itemId: item.id });
      await get(`/i/${item.id}`, user);
      await read('item-get', { itemId: item.id }, user);
      await get(`/u/${item.owner.handle}`);
      await read('profile-get', { handle: item.owner.handle });
      await get(`/u/${item.owner.handle}`, user);
      await read('follows-list', { handle: item.owner.handle, kind: 'followers' }, user).catch(() => undefined);
    });
  }
  for (const sort of ['trending', 'new', 'top']) {
    for (const timeRange of ['24h', '7d', '30d']) {
      for (let page = 0; page < 3; page++) {
        browse.push(() => read('explore-list', { sort, timeRange, page, pageSize: 30 }));
        browse.push(() => read('explore-list', { sort, timeRange, page, pageSize: 30 }, pick(users)));
      }
    }
  }
  for (const t of ['robots', 'dinosaurs', 'space', 'lego', 'dolls'])
    browse.push(() => read('explore-list', { sort: 'trending', timeRange: '7d', tag: t, page: 0, pageSize: 30 }));
  browse.push(() => read('explore-top-tags', {}));
  for (let k = 0; k < count(100); k++) browse.push(() => visit(items, users, k % 2 === 0));
  for (const u of users.slice(0, count(60))) browse.push(() => read('saves-list', {}, u));
  await pool(browse, 4);

  for (const close of closers.splice(0)) await close();
  const workloadSeconds = (Date.now() - startedAt) / 1000;
  samples.phase = 'settle';
  await sleep(SETTLE_SECONDS * 1000);
  samples.stop();

  // ------------------------------------------------------------ figures
  const after = procStatus(pid)!;
  const smaps = smapsBreakdown(pid);
  const heap = await metrics(server.url);
  const threads = threadNames(pid);
  const children = childPids(pid);
  const childNow = children.map((c) => procStatus(c)).filter((s): s is ProcStatus => s !== null);
  const childPeak = Math.max(0, ...samples.childHwm.values());
  const dbBytes = dirBytes(path.join(dataDir, 'pglite'));
  const storageBytes = dirBytes(path.join(dataDir, 'storage'));
  const totalCalls = [...calls.values()].reduce((s, c) => s + c.n, 0);
  const totalFailed = [...calls.values()].reduce((s, c) => s + c.failed, 0);
  const mb = (x: number) => `${Math.round(x)} MB`;

  console.log('\ncalls:');
  for (const [k, c] of [...calls].sort((a, b) => b[1].n - a[1].n))
    console.log(`  ${k.padEnd(34)} ${String(c.n).padStart(6)}${c.failed ? `  (${c.failed} failed)` : ''}`);
  if (failures.length) console.log(`failures (first ${failures.length}):\n  ${failures.join('\n  ')}`);
  const madeItems = items.length;
  const madePhotos = items.reduce((s, it) => s + it.imageIds.length, 0);
  const summary = {
    scale: SCALE,
    users: users.length,
    items: madeItems,
    photos: madePhotos,
    visitsDuringItems: visits,
    calls: totalCalls,
    failed: totalFailed,
    workloadSeconds: Math.round(workloadSeconds),
    webAfterStart: Math.round(idle.rss),
    webAfter: Math.round(after.rss),
    webPeak: Math.round(Math.max(after.hwm, samples.peak.web)),
    childAfter: Math.round(childNow.reduce((s, c) => s + c.rss, 0)),
    childPeak: Math.round(childPeak),
    dbMb: Math.round(dbBytes / MB),
    storageMb: Math.round(storageBytes / MB),
  };
  const breakdown = smaps && [
    `WebAssembly memories ${smaps.wasm.map(mb).join(' + ') || 'none'} (the largest is PGlite's)`,
    `malloc: main arena ${mb(smaps.brk)}, ${smaps.arenaCount} thread arenas ${mb(smaps.arenas)}`,
    `other anonymous memory (V8 heaps of the main and worker threads, large blocks, stacks) ${mb(smaps.otherAnon)}` +
      (heap ? `, of which the main thread's V8 heap ${mb(heap.heapTotal)} (${mb(heap.heapUsed)} in use; external ${mb(heap.external)})` : ''),
    `code and other files ${mb(smaps.files)}`,
  ];
  console.log(
    `\nworkload: ${summary.users} sign-ups, ${madeItems} items (${madePhotos} photos), ${totalCalls} calls (${totalFailed} failed) in ${summary.workloadSeconds} s`,
  );
  console.log(
    `web process: ${summary.webAfterStart} MB after start → ${summary.webAfter} MB ${SETTLE_SECONDS} s after the workload (peak ${summary.webPeak} MB)`,
  );
  console.log(`cut-out child: ${summary.childAfter} MB after (peak ${summary.childPeak} MB)`);
  console.log(`database on disk: ${summary.dbMb} MB (images ${summary.storageMb} MB)`);
  if (breakdown) console.log(`where the web process's memory is:\n  ${breakdown.join('\n  ')}`);
  console.log(`threads: ${threads}`);
  console.log(JSON.stringify({ ...summary, env: overrides, smaps, heap }));

  if (WRITE) {
    const command = `npm run bench:workload${SCALE !== 1 ? ` -- --scale ${SCALE}` : ''}`;
    const section = `## Memory after a morning of use (\`npm run bench:workload\`)

\`${command}\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, one run (load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at its end).
The compiled server started as \`npm start\` starts it (${Object.entries(startScriptEnv())
      .map(([k, v]) => `\`${k}=${v}\``)
      .join(', ')} from its script, default settings otherwise: PGlite in a fresh \`DATA_DIR\`,
started once to create it and measured from the second start; the segmentation model in the cut-out child), with
${overrides.map((o) => `\`${o}\``).join(', ')} (every sign-up comes from 127.0.0.1, whose auth limit is 10 a minute) and \`METRICS_TOKEN\`.
Through the HTTP API, as the web app calls it: ${summary.users} sign-ups with onboarding; ${madeItems} items through the wizard
(${madePhotos} photos of 1200 × 1600 to 2000 × 1500, each cut out by the model, then generated, a variant chosen and placed),
three at a time while a guest and a collector browse; ${PLAN.likes} likes, ${PLAN.saves} saves, ${PLAN.follows} follows and ${PLAN.comments} comments;
${Math.min(PLAN.pairs, Math.floor(users.length / 2))} pairs exchanging ${PLAN.messagesPerPair} messages; then every item and every owner's profile as a guest and signed in
(the HTML of \`/i/{id}\` and \`/u/{handle}\`, their functions), explore's pages, and ${count(100)} more visits; ${PLAN.streams} collectors keep their
notification and message streams open until the end. ${totalCalls} calls (${totalFailed} failed) in ${summary.workloadSeconds} s. Resident memory
from \`/proc\` (sampled every second; the peak also from \`VmHWM\`), ${SETTLE_SECONDS} s after the workload.

| What | Measured |
| --- | --- |
| web process 15 s after start | ${summary.webAfterStart} MB |
| web process after the workload | ${summary.webAfter} MB |
| web process, peak | ${summary.webPeak} MB |
| cut-out child after the workload (peak) | ${summary.childAfter} MB (${summary.childPeak} MB) |
| database on disk (\`DATA_DIR/pglite\`); images | ${summary.dbMb} MB; ${summary.storageMb} MB |
${breakdown ? `\nWhere the web process's memory was after the workload (\`/proc/<pid>/smaps\`, and \`/metrics\` for the V8 heap): ${breakdown.join('; ')}.\n` : ''}`;
    writeBenchmarkSection('Memory after a morning of use', section);
  }
  if (HOLD_SECONDS) {
    console.log(`holding the server (pid ${pid}, ${server.url}) for ${HOLD_SECONDS} s`);
    await sleep(HOLD_SECONDS * 1000);
  }
} finally {
  for (const close of closers) await close();
  await stop(server?.child);
}
process.exit(0);
