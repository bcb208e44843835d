import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_BASE_PORT, E2E_OIDC_PORT, E2E_WORKERS, workerOrigin } from './e2e/support/ports';

/**
 * Each worker has a server (and database, outbox and site settings) of its own, on the base port plus its
 * parallel index: test files run side by side, and a file that turns maintenance mode on or sets an
 * announcement affects only the files of its own worker, which run one at a time. Playwright evaluates this
 * file in every worker with TEST_PARALLEL_INDEX already set, so `baseURL` (and every context made from the
 * `use` options) points at the worker's own server; the main process starts them all (`webServer`).
 */
const BASE_URL = workerOrigin();
const DATA_ROOT = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-'));
export const E2E_ADMIN_EMAIL = 'admin@e2e.curio.test';
/** The test OpenID Connect provider the app may sign in with (e2e/support/oidc-provider.ts), beside the app's port. */
export const E2E_OIDC = { port: E2E_OIDC_PORT, name: 'Test ID', clientId: 'curio-test-client', clientSecret: 'curio-test-client-secret-0123456789abcdef' };
const OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC.port}`;
const ROOT = path.resolve(import.meta.dirname, '../..');
const WORKER_INDEXES = Array.from({ length: E2E_WORKERS }, (_, i) => i);

/**
 * Debian's Chromium: its headless shell when installed (`apt-get install chromium-headless-shell`, as CI does),
 * the build made for automation that Playwright itself prefers for headless runs (a third less CPU per page on a
 * slow machine than the full browser in headless mode), otherwise /usr/bin/chromium. E2E_CHROMIUM picks one.
 */
const CHROMIUM = process.env.E2E_CHROMIUM ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  // Files spread over the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One per port: runs on different ports at once do not clear each other's traces.
  outputDir: path.join(os.tmpdir(), `curio-e2e-results-${E2E_BASE_PORT}`),
  use: {
    baseURL: BASE_URL,
    // A trace is recorded for a test's retry only (CI retries once): recording one for every test cost about a fifth
    // of the suite's time (snapshots of every action, in the browser and the runner), and a first failure is reproduced
    // with its trace by the retry.
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    locale: 'en-US',
    reducedMotion: 'reduce',
    timezoneId: 'America/New_York',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // First: the app reads the provider's discovery document when it starts.
      command: 'npx tsx apps/web/e2e/support/oidc-provider.ts',
      cwd: ROOT,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(E2E_OIDC.port), REDIRECT_URIS: WORKER_INDEXES.map((i) => `${workerOrigin(i)}/auth/v1/callback/oidc`).join(' ') },
    },
    ...WORKER_INDEXES.map((i) => ({
      command: `node --enable-source-maps ${process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js'}`,
      cwd: ROOT,
      url: `${workerOrigin(i)}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(E2E_BASE_PORT + i),
        PUBLIC_URL: workerOrigin(i),
        DATA_DIR: path.join(DATA_ROOT, `worker-${i}`),
        ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        AUTH_SIGNIN_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '5000',
        LOG_LEVEL: 'warn',
        CUTOUT: 'simple',
        EXPLORE_SNAPSHOT_SECONDS: '1',
        COMMENT_INTERVAL_SECONDS: '0',
        OIDC_ISSUER,
        OIDC_CLIENT_ID: E2E_OIDC.clientId,
        OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
        OIDC_NAME: E2E_OIDC.name,
      },
    })),
  ],
});
