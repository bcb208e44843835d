import { cleanup } from '@testing-library/react';
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

// Tests render the app's parts as the app does without a pre-rendered page.
markHydrated();

await initI18n({ lng: 'en' });
await loadWholeCatalog();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
