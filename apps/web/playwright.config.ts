import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-'));
export const E2E_ADMIN_EMAIL = 'admin@e2e.curio.test';
/** The test OpenID Connect provider the app may sign in with (e2e/support/oidc-provider.ts), beside the app's port. */
export const E2E_OIDC = { port: PORT + 1000, name: 'Test ID', clientId: 'curio-test-client', clientSecret: 'curio-test-client-secret-0123456789abcdef' };
const OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC.port}`;

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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One per port: runs on different ports at once do not clear each other's traces.
  outputDir: path.join(os.tmpdir(), `curio-e2e-results-${PORT}`),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    timezoneId: 'America/New_York',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      // First: the app reads the provider's discovery document when it starts.
      command: 'npx tsx apps/web/e2e/support/oidc-provider.ts',
      cwd: path.resolve(import.meta.dirname, '../..'),
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(E2E_OIDC.port), REDIRECT_URI: `${BASE_URL}/auth/v1/callback/oidc` },
    },
    {
    command: `node --enable-source-maps ${process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js'}`,
    cwd: path.resolve(import.meta.dirname, '../..'),
    url: `${BASE_URL}/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR,
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
    },
  ],
});
