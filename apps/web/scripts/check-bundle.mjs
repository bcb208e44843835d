// Fails when the entry chunk (the one script every page loads first) is over 90 KB gzipped, and prints the
// landing route's whole initial JavaScript beside it: the entry and its static imports, the landing chunk and
// its static imports, and the English catalog's core part (loaded before the first render; each language's
// catalog parts are chunks of their own). Run after `vite build`: `npm run check:size -w apps/web`
// (BUNDLE_DIST=<dir> checks another build output).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The budget for everything a first visit loads (120 KB, then 175) is retired: the pages paint from their
// pre-rendered HTML before any script runs, and what a phone pays for scripts is gated by Lighthouse's Total
// Blocking Time. What stays gated here is the entry chunk, which every page of the app loads and runs first.
const ENTRY_BUDGET_KB = 90;
const dist = process.env.BUNDLE_DIST ?? path.resolve(import.meta.dirname, '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/)?.[1];
const assets = fs.readdirSync(path.join(dist, 'assets'));
const landing = assets.find((f) => /^landing-.*\.js$/.test(f));
const catalog = html.match(/<meta name="curio-catalogs" content="[^"]*\ben=\/(assets\/[^\s"]+\.js)/)?.[1];
if (!entry || !landing || !catalog) throw new Error('Build output not found: run `vite build` first.');

// Always a production build, whatever NODE_ENV the shell has (`NODE_ENV=development npm start` once gave a
// development bundle over the budget): React's production build points its errors to react.dev/errors,
// and its development build carries component stack frames and render-method hints.
const react = assets.filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8'));
if (!react.some((code) => code.includes('react.dev/errors/')) || react.some((code) => /react-stack-bottom-frame|Check the render method of/.test(code))) {
  console.error('The web build holds development React: the build must run with NODE_ENV=production and --mode production.');
  process.exit(1);
}

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+)["']/g)) visit(`assets/${m[1]}`);
}
visit(entry);
visit(`assets/${landing}`);
visit(catalog);

const misplaced = assets.filter((f) => /^(zh-CN-|en-rest-).*\.js$/.test(f) && seen.has(`assets/${f}`));
if (misplaced.length) {
  console.error(`Part of the English first load, but should not be: ${misplaced.join(', ')}. Import catalogs only through lib/i18n.ts.`);
  process.exit(1);
}

const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
let total = 0;
for (const file of seen) total += gzipKb(file);
const entryKb = gzipKb(entry);
console.log(
  `entry chunk: ${entryKb.toFixed(1)} KB gzipped (budget ${ENTRY_BUDGET_KB} KB); landing initial JS: ${total.toFixed(1)} KB gzipped in ${seen.size} files, English catalog included`,
);
if (entryKb > ENTRY_BUDGET_KB) {
  console.error(`The entry chunk (${entry}) is over budget. Keep what only some pages need in their lazy chunks, and heavy libraries out of the entry.`);
  process.exit(1);
}
