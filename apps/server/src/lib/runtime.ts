/**
 * The Node.js Curio runs on. `npm install` brings Node.js 24 LTS (the npm registry's `node` package, a
 * development dependency: its binary goes to node_modules/.bin, which npm scripts find first), so
 * `npm start` needs no other Node.js; the container image is built on Node.js 24.
 */

/** The oldest major version Curio runs on; package.json's `engines` says the same. */
export const MIN_NODE_MAJOR = 24;

/**
 * V8's memory settings of every Curio process (`npm start`, the workers, the cluster, the image's
 * NODE_OPTIONS). Node.js 24's V8 sizes the young generation and the heap limit from the machine's memory:
 * on a 24 GB machine an idle web process held 200 MB more than on Node.js 20, nearly all of it semi-space.
 * 16 MB semi-spaces (Node.js 20's size) and a 512 MB old generation bring it back under the 400 MB budget
 * (docs/benchmarks.md, "An idle web process on Node.js 24"); the heaviest work (an account's export, an
 * image) is in buffers outside the heap.
 */
export const NODE_MEMORY_OPTIONS = '--max-semi-space-size=16 --max-old-space-size=512';

/** The message that stops a start on an older Node.js, or null on a supported one. */
export function unsupportedNode(version = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return null;
  return (
    `Curio needs Node.js ${MIN_NODE_MAJOR} or newer; this is Node.js ${version}. ` +
    `npm start and the other npm scripts run on the Node.js ${MIN_NODE_MAJOR} that npm install brings (node_modules/.bin/node); ` +
    `to run a compiled entry with node directly, install Node.js ${MIN_NODE_MAJOR} LTS.`
  );
}

/**
 * What `npm start` adds to the environment of the compiled server (apps/server/package.json's start
 * script): production, glibc's memory arenas at two and its threshold for giving a large block a mapping of
 * its own fixed at 128 KiB, V8's memory settings before any of `env`'s own
 * NODE_OPTIONS. For scripts and tests that start the server as `npm start` does.
 */
export function npmStartEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
    NODE_OPTIONS: `${NODE_MEMORY_OPTIONS} ${env.NODE_OPTIONS ?? ''}`.trim(),
  };
}
