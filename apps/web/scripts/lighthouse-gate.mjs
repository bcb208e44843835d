// Lighthouse gate: starts the compiled server on a fresh data directory, seeds a collector with items
// on display, runs Lighthouse 12 (mobile preset, Debian's Chromium) on the landing page, explore, an
// item page and a profile, and fails when a page is below the goals, printing what cost the points.
//
//   npm run build && npm run test:lighthouse
//   node apps/web/scripts/lighthouse-gate.mjs --serve     (seed and keep the server running)
//
// Goals (issue "Pages on a phone"): performance >= 95, LCP <= 2.0 s, total blocking time <= 150 ms,
// accessibility, best practices and SEO 100. LIGHTHOUSE_RUNS (default 3) runs per page; a page passes
// on its best run, since a single Lighthouse run on a busy 2-core machine varies by several points.
//
// The simulated phone is the same whatever the machine's speed that hour: Lighthouse's CPU slowdown (4x by
// default) is calibrated before every run by timing the app's own JavaScript on this machine (a guest's
// profile rendered with the app's server bundle, which the build makes), against the same render on the
// 2-core machine at its fastest, where the gate's figures were measured with 4x. A machine running twice
// as slowly that hour gets 2x, and so simulates the same phone (docs/throttling.md of Lighthouse:
// "Calibrating the CPU slowdown"); LIGHTHOUSE_CPU_SLOWDOWN sets it instead.
import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
// LIGHTHOUSE_SERVER_ENTRY and STATIC_DIR measure another build output than apps/*/dist.
const SERVER = path.resolve(ROOT, process.env.LIGHTHOUSE_SERVER_ENTRY ?? 'apps/server/dist/main.js');
const WEB_INDEX = path.join(path.resolve(ROOT, process.env.STATIC_DIR ?? 'apps/web/dist'), 'index.html');
const SSR_DIR = path.resolve(ROOT, process.env.SSR_DIR ?? 'apps/web/dist-ssr');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, lcpMs: 2000, cls: 0.1, tbtMs: 150 };

/**
 * The median time of rendering the calibration's page (below) on the 2-core machine at its fastest hour, where the
 * gate's figures in docs/benchmarks.md were measured with Lighthouse's 4x ("Pages on a phone", the calibration).
 */
export const REFERENCE_RENDER_MS = 3.8;

/**
 * The CPU slowdown that keeps the simulated phone the same on this machine now (`renderMs`: the calibration's median
 * render here): Lighthouse's 4x where the machine is as fast as the reference or faster, less where it is slower
 * (4 × reference / measured), never below 1x; to one decimal.
 */
export function cpuSlowdownFor(renderMs) {
  if (!(renderMs > 0)) return 4;
  return Math.round(Math.min(4, Math.max(1, (4 * REFERENCE_RENDER_MS) / renderMs)) * 10) / 10;
}

/** The calibration's page: a guest's profile with a full 5 × 4 shelf and a bio, as `profile-get` answers a guest. */
export const CALIBRATION_PROFILE = {
  access: 'visible',
  profile: {
    userId: 'calibration',
    handle: 'ada',
    displayName: 'Ada Lovelace',
    avatarImageId: null,
    bio: 'Tin robots, space toys and small curiosities.',
    public: true,
    followersCount: 1234,
    followingCount: 56,
  },
  viewer: { signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false },
  shelf: {
    layout: { cols: 5, rows: 4 },
    placed: Array.from({ length: 20 }, (_, i) => ({
      id: `item-${i}`,
      title: `Tin robot ${i}`,
      imageId: `image-${i}`,
      altText: null,
      nsfw: false,
      col: i % 5,
      row: Math.floor(i / 5),
    })),
    overflow: [],
  },
};

let calibrationWarm = false;

/**
 * How fast this machine runs the app's JavaScript now: the median of `renders` renders of the calibration's page with
 * the web build's server bundle (`ssrDir`/prerender.js), in this process (milliseconds). The first call warms the
 * bundle up first (300 renders, about a second): until the engine has optimised it, a render takes a third longer.
 */
export async function calibrationRenderMs(ssrDir, renders = 80) {
  const app = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const once = () => app.renderProfile('/u/ada', 'ada', 'en', CALIBRATION_PROFILE);
  for (let i = 0; i < (calibrationWarm ? 10 : 300); i++) await once();
  calibrationWarm = true;
  const times = [];
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * What fails the gate: the goals, unless LIGHTHOUSE_MIN_PERFORMANCE / LIGHTHOUSE_MAX_LCP_MS set a
 * floor below them (CI does, see docs/benchmarks.md "Pages on a phone": the goals are not met on the
 * shared 2-core machines yet). Accessibility, best practices and SEO always gate at 100.
 */
export const GATE = {
  ...GOALS,
  performance: Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? GOALS.performance),
  lcpMs: Number(process.env.LIGHTHOUSE_MAX_LCP_MS ?? GOALS.lcpMs),
  tbtMs: Number(process.env.LIGHTHOUSE_MAX_TBT_MS ?? GOALS.tbtMs),
};

/**
 * A floor per page (`LIGHTHOUSE_FLOORS="landing=85/2500,profile=80/3000"`: performance / LCP in ms),
 * over GATE for the pages it names. A page, its performance and its LCP must all be given.
 */
export function pageGates(spec, base = GATE) {
  const gates = {};
  for (const part of (spec ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)=(\d+)\/(\d+)$/.exec(part);
    if (!match) throw new Error(`LIGHTHOUSE_FLOORS: "${part}" is not page=performance/lcpMs`);
    gates[match[1]] = { ...base, performance: Number(match[2]), lcpMs: Number(match[3]) };
  }
  return gates;
}
const PAGE_GATES = pageGates(process.env.LIGHTHOUSE_FLOORS);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const SERVE_ONLY = process.argv.includes('--serve');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(base, child, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become ready within 2 minutes');
}

/** A photograph-like JPEG (a lit object on a textured backdrop), different per seed. */
async function samplePhoto(seed) {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700">
    <defs><radialGradient id="bg" cx="0.5" cy="0.3" r="0.9"><stop offset="0" stop-color="hsl(${hue},35%,82%)"/><stop offset="1" stop-color="hsl(${hue},30%,42%)"/></radialGradient>
    <linearGradient id="obj" x1="0" x2="1"><stop offset="0" stop-color="hsl(${(hue + 180) % 360},60%,35%)"/><stop offset="0.5" stop-color="hsl(${(hue + 180) % 360},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 180) % 360},60%,30%)"/></linearGradient></defs>
    <rect width="600" height="700" fill="url(#bg)"/>
    <ellipse cx="300" cy="590" rx="190" ry="30" fill="#000" fill-opacity="0.3"/>
    <rect x="190" y="200" width="220" height="380" rx="40" fill="url(#obj)"/>
    <circle cx="300" cy="170" r="80" fill="url(#obj)"/>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let s = seed * 7919 + 1;
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i] + ((s >> 16) % 13) - 6));
  }
  return sharp(data, { raw: info }).jpeg({ quality: 85 }).toBuffer();
}

/** Signs a collector up, onboards them and puts `count` items on display; returns a handle and item ids. */
async function seed(base, count) {
  const origin = { origin: base };
  const email = `lighthouse.${Date.now().toString(36)}@example.com`;
  const signUp = await fetch(`${base}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: { ...origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'display-cabinet-42', name: 'Lighthouse' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const fn = async (name, body) => {
    const res = await fetch(`${base}/functions/v1/${name}`, {
      method: 'POST',
      headers: { ...origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${name} failed: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const handle = `lighthouse_${Date.now().toString(36).slice(-6)}`;
  await fn('onboarding-complete', { handle, displayName: 'Ada Lovelace', bio: 'Tin robots, space toys and small curiosities.', public: true });
  const titles = ['Tin robot', 'Brass telescope', 'Wind-up astronaut', 'Glass paperweight', 'Clockwork bird', 'Enamel badge', 'Toy rocket', 'Porcelain fox'];
  const ids = [];
  for (let i = 0; i < count; i++) {
    const { item } = await fn('items-create', { title: titles[i % titles.length], tags: 'toys, vintage', nsfw: false });
    const signed = await fn('uploads-sign', { kind: 'photo', fileName: `photo-${i}.jpg`, contentType: 'image/jpeg' });
    const form = new FormData();
    form.set('file', new Blob([await samplePhoto(i + 1)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    const up = await fetch(new URL(signed.uploadURL, base), { method: 'POST', headers: { ...origin, cookie }, body: form });
    if (!up.ok) throw new Error(`upload failed: ${up.status} ${await up.text()}`);
    await fn('photos-add', { itemId: item.id, imageId: signed.imageId, role: 'front' });
    const { variants } = await fn('items-generate', { itemId: item.id, style: 'bright_gallery' });
    await fn('items-choose', { itemId: item.id, compositeId: variants[0].compositeId });
    await fn('items-place', { itemId: item.id });
    ids.push(item.id);
  }
  return { handle, ids };
}

/**
 * One Lighthouse report. A run that fails to record its trace (NO_NAVSTART and the like, seen on a
 * busy machine) is repeated, up to three attempts, before the gate gives up.
 */
async function lighthouse(url, cpuSlowdown) {
  let lastError;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const lhr = await lighthouseOnce(url, cpuSlowdown);
      if (!lhr.runtimeError) return lhr;
      lastError = new Error(lhr.runtimeError.message);
    } catch (err) {
      lastError = err;
    }
    console.log(
      `    (Lighthouse could not measure ${url} on attempt ${attempt}: ${
        String(lastError?.message ?? lastError)
          .split('\n')
          .find((l) => l.startsWith('Runtime error')) ?? 'see above'
      })`,
    );
  }
  throw lastError;
}

async function lighthouseOnce(url, cpuSlowdown) {
  const bin = path.join(ROOT, 'node_modules/.bin/lighthouse');
  const { stdout } = await run(
    bin,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  return JSON.parse(stdout);
}

/** The figures of one report and what failed the gate (`limits`) and the goals. */
export function judge(lhr, limits = GATE) {
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]));
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
  const failures = [];
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    if (scores[id] < limits[id]) failures.push(`${id} ${scores[id]} < ${limits[id]}`);
  }
  if (lcpMs > limits.lcpMs) failures.push(`LCP ${(lcpMs / 1000).toFixed(2)} s > ${limits.lcpMs / 1000} s`);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
  if (cls > limits.cls) failures.push(`CLS ${cls.toFixed(3)} > ${limits.cls}`);
  const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
  if (!Number.isFinite(tbtMs)) failures.push('TBT not measured');
  else if (tbtMs > limits.tbtMs) failures.push(`TBT ${Math.round(tbtMs)} ms > ${limits.tbtMs} ms`);
  const missedGoals = limits === GOALS ? failures : judge(lhr, GOALS).failures;
  return { scores, lcpMs, cls, tbtMs, failures, missedGoals };
}

/** The audits that cost points: weighted audits below full score, and the performance metrics. */
export function lostPoints(lhr) {
  const lines = [];
  for (const [id, cat] of Object.entries(lhr.categories)) {
    if ((cat.score ?? 0) >= 1) continue;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === 'notApplicable') continue;
      if (ref.weight === 0 && id !== 'performance') continue;
      if (id === 'performance' && ref.weight === 0 && !audit.details?.overallSavingsMs) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`    ${id}: ${ref.id} score ${Math.round(audit.score * 100)}${ref.weight ? ` weight ${ref.weight}` : ''}${value} — ${audit.title}`);
      const items = audit.details?.items ?? [];
      for (const item of items.slice(0, 3)) {
        const what = item.url ?? item.node?.snippet ?? item.source?.url ?? item.description ?? '';
        if (what) lines.push(`        ${String(what).slice(0, 160)}`);
      }
      if (ref.id === 'largest-contentful-paint') lines.push(...lcpElement(lhr));
      if (ref.id === 'total-blocking-time') lines.push(...blockingWork(lhr));
    }
  }
  return lines;
}

/** What blocked the main thread: the longest tasks and the scripts that ran longest, with where they came from. */
function blockingWork(lhr) {
  const lines = [];
  for (const task of (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 3)) {
    lines.push(`        long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms: ${String(task.url ?? '').slice(0, 140)}`);
  }
  for (const script of (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 3)) {
    lines.push(
      `        script ${Math.round(script.scripting ?? 0)} ms running, ${Math.round(script.scriptParseCompile ?? 0)} ms compiling: ${String(script.url ?? '').slice(0, 140)}`,
    );
  }
  return lines;
}

/** Which element the LCP was, and where its time went (time to first byte, load delay, load time, render delay). */
function lcpElement(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lines = [];
  for (const table of tables) {
    for (const item of table.items ?? []) {
      if (item.node?.snippet) lines.push(`        element: ${item.node.snippet.slice(0, 200)}`);
      else if (item.phase) lines.push(`        ${item.phase}: ${Math.round(item.timing)} ms`);
    }
  }
  return lines;
}

async function main() {
  if (!existsSync(SERVER) || !existsSync(WEB_INDEX) || !existsSync(path.join(SSR_DIR, 'prerender.js')))
    throw new Error('Build first: npm run build (the gate runs the compiled server and web app, and calibrates with its server bundle).');
  const port = Number(process.env.LIGHTHOUSE_PORT ?? (await freePort()));
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-lighthouse-'));
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CUTOUT: 'simple',
      EXPLORE_SNAPSHOT_SECONDS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  const started = Date.now();
  try {
    await waitReady(base, server);
    const { handle, ids } = await seed(base, 4);
    const pages = [
      { name: 'landing', url: `${base}/` },
      { name: 'explore', url: `${base}/explore` },
      { name: 'item', url: `${base}/i/${ids[0]}` },
      { name: 'profile', url: `${base}/u/${handle}` },
    ];
    // Let the explore snapshot include the seeded items.
    await new Promise((r) => setTimeout(r, 1500));
    if (SERVE_ONLY) {
      for (const p of pages) console.log(`${p.name}: ${p.url}`);
      console.log('Serving; Ctrl-C stops.');
      await new Promise(() => {});
    }
    // One warm-up request per page, so the first run does not pay for cold caches alone.
    for (const p of pages) await fetch(p.url);
    // The calibration: before every run, the app's render timed on this machine (its speed can change during the step,
    // with other work on it), and the slowdown that keeps the phone the same.
    const given = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN);
    const slowdown = async () => {
      if (given > 0) return { cpuSlowdown: given, renderMs: null };
      const renderMs = await calibrationRenderMs(SSR_DIR);
      return { cpuSlowdown: cpuSlowdownFor(renderMs), renderMs };
    };
    console.log(
      given > 0
        ? `CPU slowdown ${given}x (LIGHTHOUSE_CPU_SLOWDOWN)`
        : `CPU slowdown calibrated before each run: Lighthouse's 4x when the app's render takes ${REFERENCE_RENDER_MS} ms here (the machine at its fastest), less when it takes longer`,
    );
    let failed = false;
    const rows = [];
    for (const p of pages) {
      let best = null;
      for (let i = 0; i < RUNS; i++) {
        const { cpuSlowdown, renderMs } = await slowdown();
        const lhr = await lighthouse(p.url, cpuSlowdown);
        const verdict = { ...judge(lhr, PAGE_GATES[p.name] ?? GATE), cpuSlowdown, renderMs };
        if (
          !best ||
          verdict.failures.length < best.verdict.failures.length ||
          (verdict.failures.length === best.verdict.failures.length && verdict.scores.performance > best.verdict.scores.performance)
        )
          best = { lhr, verdict };
        if (!verdict.failures.length) break;
      }
      const { scores, lcpMs, cls, tbtMs, failures, missedGoals, cpuSlowdown, renderMs } = best.verdict;
      const calibration = renderMs === null ? `CPU ${cpuSlowdown}x` : `CPU ${cpuSlowdown}x, render ${renderMs.toFixed(1)} ms`;
      const row = `${p.name.padEnd(8)} performance ${scores.performance}  LCP ${(lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(tbtMs)} ms (${calibration})  CLS ${cls.toFixed(3)}  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}`;
      rows.push(row);
      console.log(`${failures.length ? 'FAIL' : 'ok  '} ${row}`);
      if (failures.length) {
        failed = true;
        console.log(`    below the gate: ${failures.join('; ')}`);
      }
      if (missedGoals.length) {
        if (!failures.length) console.log(`    passes the gate, below the goals: ${missedGoals.join('; ')}`);
        for (const line of lostPoints(best.lhr)) console.log(line);
      }
    }
    const gates = pages.map((p) => ({ name: p.name, ...(PAGE_GATES[p.name] ?? GATE) }));
    const lowered = gates.filter((g) => g.performance < GOALS.performance || g.lcpMs > GOALS.lcpMs || g.tbtMs > GOALS.tbtMs);
    const gateNote = lowered.length
      ? ` (gates below the goals of ${GOALS.performance}, ${GOALS.lcpMs / 1000} s and ${GOALS.tbtMs} ms: ${lowered.map((g) => `${g.name} performance >= ${g.performance}, LCP <= ${g.lcpMs / 1000} s, TBT <= ${g.tbtMs} ms`).join('; ')})`
      : '';
    console.log(`\nLighthouse ${RUNS > 1 ? `(best of ${RUNS} runs) ` : ''}in ${Math.round((Date.now() - started) / 1000)} s${gateNote}`);
    if (failed) {
      console.error('Lighthouse gate failed: see the audits above.');
      process.exitCode = 1;
    }
  } finally {
    stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
