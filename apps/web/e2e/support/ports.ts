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

/**
 * A port for a server a test starts itself, besides its worker's (`n`, 0–9: ten a worker). Below the system's
 * range of ephemeral ports (32768–60999 on Linux): a port picked at random there can be the local end of any
 * outgoing connection at that moment (a test's server once failed to start with EADDRINUSE so), while these are
 * the worker's own: E2E_BASE_PORT + 2000 + 10 × the worker's index + n.
 */
export function spareServerPort(n: number, index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)) {
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error(`a worker has ten spare ports (0–9), not ${n}`);
  return E2E_BASE_PORT + 2000 + index * 10 + n;
}
