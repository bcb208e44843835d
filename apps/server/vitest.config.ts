import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // `npm test` runs every test on the embedded PGlite. The PostgreSQL run (`npm run test:api:pg`) runs the tests
    // tagged `postgres`: what can differ on a server (docs/decisions.md, "What the PostgreSQL run covers").
    tags: [
      {
        name: 'postgres',
        description:
          'Runs on PostgreSQL too: concurrent writes (PGlite has one connection, so it serializes them), several connections or processes, LISTEN/NOTIFY, the job queue, and raw SQL whose rows each driver parses',
      },
    ],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every file builds its own app and database, and none mocks a module, so the files of a worker share
    // their imported modules instead of importing the app again for each (about 2.5 s a file, 4 minutes a run).
    isolate: false,
  },
});
