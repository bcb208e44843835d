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

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(async () => {
    try {
      if (message.kind !== 'profile') throw new Error(`Cannot render a ${message.kind} page`);
      const { html, data, meta } = await app.renderProfile(message.path, message.handle, message.lng, message.data);
      parentPort.postMessage({ id: message.id, html, data, meta });
    } catch (err) {
      parentPort.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
parentPort.postMessage({ ready: true });
