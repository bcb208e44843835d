import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The web app's tests are two projects: those that replace a module run isolated (apps/web/vitest.shared.ts).
    projects: ['packages/contract', 'apps/server', 'apps/web/vitest.config.ts', 'apps/web/vitest.mocks.config.ts'],
    // One worker per core (Vitest's default leaves one core to itself): the API tests spend much of their time
    // waiting on child processes, timers and the database, and on 2 cores the server's tests took 8.9 minutes
    // with two workers against 13.4 with one.
    maxWorkers: os.availableParallelism(),
  },
});
