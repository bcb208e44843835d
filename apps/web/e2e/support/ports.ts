import os from 'node:os';

/**
 * Where the end-to-end servers listen: one per Playwright worker, on E2E_PORT (3210 by default) plus the
 * worker's parallel index. Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config and
 * the test files, so a test's origin is its own worker's server.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * How many workers (and servers): E2E_WORKERS, or one per core up to four. On the 2-core machine the suite took
 * 8.3 minutes with two workers against 10.6 with one: a single worker leaves about a fifth of the machine idle
 * while its browser and its server wait on each other, and a second one fills it.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, os.availableParallelism())));
export const E2E_OIDC_PORT = E2E_BASE_PORT + 1000;

/** The origin of worker `index`'s server; without an index, the current worker's (the first outside a worker). */
export function workerOrigin(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)) {
  return `http://localhost:${E2E_BASE_PORT + index}`;
}
