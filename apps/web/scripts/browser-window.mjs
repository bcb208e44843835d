// A browser window for the build-time pre-render (scripts/prerender.mjs): a jsdom window of a first-time
// visitor (nothing stored, light theme), whose document carries the meta that names a page's first
// pictures while those variants are rendered. The server's per-request renders need none
// (scripts/render-worker.mjs). Call it before the app's bundle is imported.
import { JSDOM } from 'jsdom';

export function installBrowserWindow(origin = 'http://localhost') {
  const dom = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', { url: `${origin}/`, pretendToBeVisual: true });
  const { window } = dom;
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis || key.startsWith('_')) continue;
    try {
      globalThis[key] = window[key];
    } catch {
      // read-only in Node
    }
  }
  for (const key of ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'HTMLElement', 'Element', 'Node', 'matchMedia']) {
    Object.defineProperty(globalThis, key, { value: key === 'window' ? window : window[key], configurable: true, writable: true });
  }
  return window;
}
