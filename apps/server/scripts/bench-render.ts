/**
 * `npm run bench:render [-- --pages 500]`: what rendering a guest's profile on the server costs (after
 * `npm run build`, which makes the web app's server-side bundle). Renders a profile with a full top plank
 * and a bio through the page renderer (one worker thread), alternating English and Chinese, one page
 * after another and then 8 at a time; prints the time per page (median, 95th percentile), the first
 * page's (the worker starting) and the process's resident memory before, with the worker, and after it stopped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger } from '../src/lib/logger';
import { createPageRenderer, type ProfileRender } from '../src/modules/pages/page-renderer';
import { REPO_ROOT } from '../src/paths';
// @ts-expect-error: a plain ES module script without types
import { CALIBRATION_PROFILE } from '../../web/scripts/lighthouse-gate.mjs';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 500);
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024);
const dir = process.env.SSR_DIR ?? path.join(REPO_ROOT, 'apps/web/dist-ssr');
const renderer = createPageRenderer({ dir, logger: createLogger('warn'), timeoutMs: 10_000 });
const item = (col: number, row: number) => ({
  ...(CALIBRATION_PROFILE.shelf.placed[0] as object),
  id: `item-${col}-${row}`,
  imageId: `image-${col}-${row}`,
  col,
  row,
});
/** The Lighthouse gate's calibration page (a guest's profile, a 5 × 4 shelf full, a bio), with two items in the overflow drawer. */
const request = (lng: 'en' | 'zh-CN'): ProfileRender => ({
  path: '/u/ada',
  handle: 'ada',
  lng,
  profile: { ...CALIBRATION_PROFILE, shelf: { ...CALIBRATION_PROFILE.shelf, overflow: [item(0, 9), item(1, 9)] } } as ProfileRender['profile'],
});
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1);

const before = rss();
let started = performance.now();
if (!(await renderer.profile(request('en')))) throw new Error(`No render: build the web app first (npm run build); looked in ${dir}`);
const first = performance.now() - started;
const times: number[] = [];
for (let i = 0; i < PAGES; i++) {
  started = performance.now();
  await renderer.profile(request(i % 2 ? 'zh-CN' : 'en'));
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
started = performance.now();
await Promise.all(
  Array.from({ length: 8 }, async (_, lane) => {
    for (let i = lane; i < PAGES; i += 8) await renderer.profile(request(i % 2 ? 'zh-CN' : 'en'));
  }),
);
const parallel = (performance.now() - started) / PAGES;
const withWorker = rss();
await renderer.close();
await new Promise((r) => setTimeout(r, 500));
console.log(
  `| pages | first page (worker starts) | one at a time: median | p95 | 8 at a time: per page | resident before | with the worker | after it stopped |`,
);
console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
console.log(
  `| ${PAGES} | ${first.toFixed(0)} ms | ${pct(times, 50)} ms | ${pct(times, 95)} ms | ${parallel.toFixed(1)} ms | ${before} MB | ${withWorker} MB | ${rss()} MB |`,
);
process.exit(0);
