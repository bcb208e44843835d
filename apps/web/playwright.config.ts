import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-'));
export const E2E_ADMIN_EMAIL = 'admin@e2e.curio.test';

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
  outputDir: path.join(os.tmpdir(), 'curio-e2e-results'),
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'en-US',
    timezoneId: 'America/New_York',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
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
    },
  },
});
