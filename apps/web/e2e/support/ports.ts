import os from 'node:os';

/**
 * Where the end-to-end servers listen: one per Playwright worker, on E2E_PORT (3210 by default) plus the
 * worker's parallel index. Playwright sets TEST_PARALLEL_INDEX in each worker before it loads the config and
 * the test files, so a test's origin is its own worker's server.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * How many workers (and servers): E2E_WORKERS, or one per two cores up to four. A worker keeps about two cores
 * busy (its browser and its server): on a 2-core machine a second one measured no faster, only each test slower.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, Math.floor(os.availableParallelism() / 2))));
export const E2E_OIDC_PORT = E2E_BASE_PORT + 1000;

/** The origin of worker `index`'s server; without an index, the current worker's (the first outside a worker). */
export function workerOrigin(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)) {
  return `http://localhost:${E2E_BASE_PORT + index}`;
}
