import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { markHydrated } from '@/hooks/use-after-hydration';
import { initI18n, loadWholeCatalog } from '@/lib/i18n';

// jsdom lacks ResizeObserver, which Radix measures with.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// findBy… and waitFor wait for their condition up to 5 s (Testing Library's default is 1 s): on two busy cores (the
// server's tests and the PostgreSQL run beside these), the first render of a file, which loads its modules, took
// longer than a second (explore-grid.test.tsx run alone failed so, 3 times in 3). A wait ends as soon as its
// condition holds, so a passing test takes no longer.
configure({ asyncUtilTimeout: 5_000 });

// Tests render the app's parts as the app does without a pre-rendered page.
markHydrated();

await initI18n({ lng: 'en' });
await loadWholeCatalog();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
