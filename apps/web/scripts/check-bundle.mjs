// Fails when the landing route's initial JavaScript (entry + its static imports + the landing chunk and its
// static imports) exceeds the budget. Run after `vite build`: `npm run check:size -w apps/web`.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KB = 200;
const dist = path.resolve(import.meta.dirname, '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/)?.[1];
const landing = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^landing-.*\.js$/.test(f));
if (!entry || !landing) throw new Error('Build output not found: run `vite build` first.');

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+)["']/g)) visit(`assets/${m[1]}`);
}
visit(entry);
visit(`assets/${landing}`);

let total = 0;
for (const file of seen) total += zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kb = total / 1024;
console.log(`landing initial JS: ${kb.toFixed(1)} KB gzipped in ${seen.size} files (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error('Over budget. Split routes lazily and keep heavy libraries out of the landing chunk.');
  process.exit(1);
}
