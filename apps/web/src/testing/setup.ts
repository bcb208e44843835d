import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadWholeCatalog } from '@/lib/i18n';

// jsdom lacks ResizeObserver, which Radix measures with.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

await initI18n({ lng: 'en' });
await loadWholeCatalog();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
