// Fails when the landing route's initial JavaScript exceeds the budget: the entry and its static
// imports, the landing chunk and its static imports, and the English catalog's core part (loaded
// before the first render; each language's catalog parts are chunks of their own). Run after `vite build`:
// `npm run check:size -w apps/web` (BUNDLE_DIST=<dir> checks another build output).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// The goal is 120 KB (docs/benchmarks.md "Pages on a phone"); the budget holds today's figure (172.8 KB)
// plus 2 KB so it cannot grow unnoticed. The first load carries only the core part of the catalog
// (src/locales/parts.ts): other pages' messages no longer grow it. The landing page paints from its
// pre-rendered HTML before this has run (scripts/prerender.mjs), but hydrating it still needs all of it.
const BUDGET_KB = 175;
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

let total = 0;
for (const file of seen) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = total / 1024;
console.log(`landing initial JS: ${kb.toFixed(1)} KB gzipped in ${seen.size} files, English catalog included (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('Over budget. Split routes lazily and keep heavy libraries out of the landing chunk.');
  process.exit(1);
}
