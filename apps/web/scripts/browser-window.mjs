// The browser the app's modules expect, for rendering it outside one (scripts/prerender.mjs at build
// time, scripts/render-worker.mjs per request): a jsdom window of a first-time visitor (nothing stored,
// light theme) whose globals are this thread's. Call it before the app's bundle is imported.
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
