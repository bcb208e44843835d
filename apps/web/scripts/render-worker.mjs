// Renders pages for the server, in a worker thread of its own (apps/server/src/modules/pages/
// page-renderer.ts starts it): the app's server-side bundle (prerender.js beside this file once built)
// with React's server renderer on plain Node.js, no browser window (the app's modules read browser
// globals only in effects and handlers, or check for them). One page at a time: the language is the
// bundle's global state. Copied into dist-ssr/ by scripts/prerender.mjs.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';

process.env.NODE_ENV = 'production';
const app = await import(pathToFileURL(path.join(import.meta.dirname, 'prerender.js')).href);

/** A page of the kind the server asks for, from the data it sends (a guest's answer to the page's query). */
function renderPage(message) {
  if (message.kind === 'profile') return app.renderProfile(message.path, message.handle, message.lng, message.data);
  if (message.kind === 'explore') return app.renderExplore(message.path, message.lng, message.data);
  if (message.kind === 'item') return app.renderItem(message.path, message.itemId, message.lng, message.data);
  throw new Error(`Cannot render a ${message.kind} page`);
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      const { html, data, meta } = await renderPage(message);
      parentPort.postMessage({ id: message.id, html, data, meta });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
parentPort.postMessage({ ready: true });
