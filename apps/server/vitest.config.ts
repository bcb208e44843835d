import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that never open a database: the PostgreSQL run (DATABASE_URL set, `npm run test:api:pg`)
 * leaves them to the PGlite run of `npm test`, which has already run them (two of them take about a
 * minute each: the segmentation model and the studio generator).
 */
const DATABASE_FREE = [
  'src/modules/cutouts/segmenter.test.ts',
  'src/modules/cutouts/segmenter-ipc.test.ts',
  'src/modules/generation/studio-generator.test.ts',
  'src/modules/generation/placard-text.test.ts',
  'src/modules/shelves/shelf-logic.test.ts',
  'src/storage/storage.test.ts',
  'src/lib/http-basics.test.ts',
  'src/lib/guest-answers.test.ts',
  'src/lib/cursor.test.ts',
  'src/lib/unavailable.test.ts',
  'src/auth/jwt-bearer.test.ts',
  'src/db/pooled-transaction.test.ts',
  'src/test/lockfile.test.ts',
  'src/test/contract-check.test.ts',
];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: process.env.DATABASE_URL ? [...configDefaults.exclude, ...DATABASE_FREE] : configDefaults.exclude,
    environment: 'node',
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Every file builds its own app and database, and none mocks a module, so the files of a worker share
    // their imported modules instead of importing the app again for each (about 2.5 s a file, 4 minutes a run).
    isolate: false,
  },
});
