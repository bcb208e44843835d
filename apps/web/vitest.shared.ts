import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogParts } from './catalog-parts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** The web app's test files, relative to apps/web. */
function testFiles(dir = 'src'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return /\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * The test files that replace a module (`vi.mock`): they run each in a module graph of its own (Vitest's isolation).
 * The others share one per worker, with one jsdom window and one loaded catalog: isolating every file made jsdom's
 * set-up and the catalog's load, not the tests, four fifths of the web tests' time (85 s against 17 s here).
 */
export const MOCKING_FILES = testFiles().filter((file) => readFileSync(path.join(ROOT, file), 'utf8').includes('vi.mock('));

/** The web tests' project: `isolated` for the files in MOCKING_FILES, shared for the rest. */
export function webProject({ isolated }: { isolated: boolean }) {
  return defineProject({
    plugins: [react(), catalogParts()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name: isolated ? 'web-mocks' : 'web',
      environment: 'jsdom',
      ...(isolated ? { include: MOCKING_FILES } : { include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_FILES }),
      isolate: isolated,
      setupFiles: ['./src/testing/setup.ts'],
      restoreMocks: true,
    },
  });
}
