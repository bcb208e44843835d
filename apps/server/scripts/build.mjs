// Compiles the server for production: one ES module per entry in dist/, the shared contract bundled
// in, every npm dependency left to node_modules.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@curio/'));

// `--outdir dist-x`: another folder under apps/server (the fault tests compile their own copy).
const outArg = process.argv.indexOf('--outdir');
const outdir = outArg > 0 ? process.argv[outArg + 1] : 'dist';
if (!/^dist(-[\w-]+)?$/.test(outdir)) throw new Error(`--outdir must be dist or dist-<name>, not ${outdir}`);
rmSync(path.join(root, outdir), { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    admin: 'src/cli/admin.ts',
    backup: 'scripts/backup.ts',
    'create-bucket': 'src/cli/create-bucket.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled CommonJS dependencies (none today) would need require in ES modules.
  banner: { js: "import { createRequire as __curioCreateRequire } from 'node:module'; const require = __curioCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`server compiled to ${outdir}/ in ${Math.round(performance.now() - started)} ms`);
