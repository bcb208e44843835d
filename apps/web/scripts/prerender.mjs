// Pre-renders the pages people arrive on into dist/<page>.<lang>.html (index.html with the page's HTML in
// #root), one per language: the landing page whole, and explore, an item page and a profile as the
// skeleton they show while their data loads (the same header, titles and placeholders). The server
// answers those routes with the visitor's language (apps/server/src/modules/pages), so a page paints
// before its scripts have run; the scripts then render over it (main.tsx). It also writes the shell a
// page rendered per request goes in (shell.<lang>.html) and keeps the server-side bundle in dist-ssr/
// with the worker the server renders a guest's profile, explore and item page in. Runs after `vite build` and
// `vite build --ssr src/prerender.tsx --outDir dist-ssr` (npm run build).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

process.env.NODE_ENV = 'production'; // React's production server renderer
const WEB = path.resolve(import.meta.dirname, '..');
const dist = process.env.BUNDLE_DIST ?? path.join(WEB, 'dist');
const ssr = path.join(WEB, 'dist-ssr');
const LANGUAGES = ['en', 'zh-CN'];
const ORIGIN = 'http://localhost';

/**
 * The page paints from its HTML, then fetches and starts its scripts (public/boot-after-paint.js), instead
 * of fetching them beside what it shows and running them before its first paint as module scripts may:
 * the entry and its imports are named on the boot script, not preloaded by the head.
 */
function afterPaint(html) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('dist/index.html has no entry script');
  const imports = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  for (const link of imports) html = html.replace(link[0], '');
  const preload = [entry[1], ...imports.map((link) => link[1])].join(' ');
  return html
    .replace(entry[0], `<script src="/boot-after-paint.js" data-entry="${entry[1]}" data-preload="${preload}" defer></script>`)
    .replace('<head>', '<head>\n    <meta name="curio-prerendered" content="">');
}

const { prerender, PAGE_ROOT_SLOT: ROOT_SLOT, PAGE_IMAGE_SLOTS, PAGE_IMAGE_TOKEN } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
/** The page's document in a language, with `body` in #root. */
const documentWith = (lng, body) =>
  afterPaint(index)
    .replace('<html lang="en">', `<html lang="${lng}">`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
/** What is pre-rendered: the page, the address it is rendered at, and a test that it rendered what it should. */
const PAGES = [
  { page: 'landing', url: '/', check: (html) => html.includes('hero-title') },
  { page: 'explore', url: '/explore', check: (html) => html.includes('<h1') },
  // Any well-formed id and handle: the skeleton does not depend on them.
  { page: 'item', url: '/i/00000000-0000-4000-8000-000000000000', check: (html) => html.includes('role="status"') },
  { page: 'profile', url: '/u/collector', check: (html) => html.includes('role="status"') },
];
/**
 * Explore and the item page once more with their first pictures in place (`<page>-images.<lang>.html`):
 * the server answers a guest that variant with the pictures' ids where the tokens are, and names them in
 * the meta the page's first render reads (src/lib/page-images.ts), so that the largest picture paints
 * from the HTML. The meta is the server's to write; here the render is given the tokens (PageImagesProvider).
 */
function withImages(page, url) {
  const slots = PAGE_IMAGE_SLOTS[page];
  if (!slots) return null;
  const tokens = Array.from({ length: slots }, (_, i) => PAGE_IMAGE_TOKEN(i));
  return { page: `${page}-images`, url, images: tokens, check: (html) => tokens.every((token) => html.includes(`/img/${token}/`)) };
}
const variants = PAGES.flatMap((p) => [p, withImages(p.page, p.url)].filter(Boolean));
for (const { page, url, check, images } of variants) {
  for (const lng of LANGUAGES) {
    const body = await prerender(`${ORIGIN}${url}`, lng, images ?? []);
    if (!check(body)) throw new Error(`The pre-rendered ${page} page (${lng}) is not what it should be`);
    const html = documentWith(lng, body);
    writeFileSync(path.join(dist, `${page}.${lng}.html`), html);
    console.log(`pre-rendered the ${page} page (${lng}): ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`);
  }
}
// The page every server-rendered page starts from (a guest's profile, explore or item page, per request):
// the same document with the server's render where the comment is.
for (const lng of LANGUAGES) writeFileSync(path.join(dist, `shell.${lng}.html`), documentWith(lng, ROOT_SLOT));
// The server renders with the bundle in a worker of its own: it is kept, with the worker beside it.
copyFileSync(path.join(WEB, 'scripts', 'render-worker.mjs'), path.join(ssr, 'render-worker.mjs'));
// The app's timers (the query cache's) would keep the process alive.
process.exit(0);
