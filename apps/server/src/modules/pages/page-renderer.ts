import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FunctionOutput, Language } from '@curio/contract';
import type { Logger } from '../../lib/logger';

/** A page rendered on the server: the HTML of `#root`, the script that hands its data to the app, and its meta. */
export interface RenderedPage {
  html: string;
  data: string;
  /** The page's title (whole), description and canonical path, as its render named them (text, not HTML). */
  meta?: { title: string; description: string; canonical?: string } | null;
}

export interface ProfileRender {
  /** The address asked (path and query string): the app's router renders it. */
  path: string;
  handle: string;
  lng: Language;
  profile: FunctionOutput<'profile-get'>;
}

/** Explore as a guest first sees it: the first page of the address's filters (`explore-list` as a guest gets it). */
export interface ExploreRender {
  /** The address asked (path and query string, `/explore?maker=Bandai`): the app's router renders it. */
  path: string;
  lng: Language;
  page: FunctionOutput<'explore-list'>;
}

/** An item's page as a guest sees it (`item-get` without a session). */
export interface ItemRender {
  path: string;
  itemId: string;
  lng: Language;
  item: FunctionOutput<'item-get'>;
}

export interface PageRenderer {
  /** A guest's profile page, or null when it cannot be rendered now (no bundle, a failure, too slow). */
  profile(request: ProfileRender): Promise<RenderedPage | null>;
  /** Explore for a guest (the address's filters), or null as for a profile. */
  explore(request: ExploreRender): Promise<RenderedPage | null>;
  /** An item's page for a guest, or null as for a profile. */
  item(request: ItemRender): Promise<RenderedPage | null>;
  close(): Promise<void>;
}

type Answer = { id: number; html?: string; data?: string; meta?: RenderedPage['meta']; error?: string };

/**
 * Renders pages with the web app's server-side bundle (`dir`: render-worker.mjs and prerender.js, the
 * web build's dist-ssr/) in one worker thread, with React's server renderer (no browser window): the
 * language is the bundle's global state, and a render never holds the server's event loop. The worker
 * starts with the first page it is asked for and stops after `idleMs` without one (its heap holds about
 * 36 MB, the bundle's 25 and what pages leave; each page's query cache is emptied once it is rendered). A page not rendered within `timeoutMs` once the worker is ready, a worker not ready within `startMs` (loading
 * the bundle takes 1-3 s, depending on the machine: the first page after a quiet spell waits for it, so
 * that a visitor without scripts still gets the page), a failed render or a worker that cannot start
 * answers null: the caller sends the page's skeleton instead, which works as before.
 */
export function createPageRenderer(options: { dir: string; logger: Logger; timeoutMs?: number; startMs?: number; idleMs?: number }): PageRenderer {
  const { dir, logger, timeoutMs = 2_000, startMs = 10_000, idleMs = 5 * 60_000 } = options;
  const entry = path.join(dir, 'render-worker.mjs');
  let worker: { thread: Worker; ready: Promise<boolean> } | null = null;
  let unavailable = false;
  let failures = 0;
  let nextId = 0;
  let idle: NodeJS.Timeout | null = null;
  const waiting = new Map<number, (answer: Answer | null) => void>();
  const settle = (id: number, answer: Answer | null) => {
    const resolve = waiting.get(id);
    waiting.delete(id);
    resolve?.(answer);
  };

  function stop() {
    const current = worker;
    worker = null;
    for (const id of [...waiting.keys()]) settle(id, null);
    return current ? current.thread.terminate().then(() => undefined) : Promise.resolve();
  }

  function start() {
    if (worker) return worker;
    // The heap bounded (docs/benchmarks.md: with the jsdom window it had then, about 110 MB resident with
    // the bound, 160 MB without; a render takes 4–5 ms either way). Running out of it ends the worker like
    // any failure: the skeleton, then a restart.
    const thread = new Worker(entry, {
      // Nothing of the server's environment (its secrets): the bundle reads none of it.
      env: { NODE_ENV: 'production' },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
    });
    thread.unref(); // rendering never keeps the process alive
    const ready = new Promise<boolean>((resolve) => {
      thread.on('message', (message: Answer | { ready: true }) => {
        if ('ready' in message) {
          failures = 0;
          return resolve(true);
        }
        settle(message.id, message);
      });
      thread.on('error', (err) => {
        // Three failures in a row (a bundle that does not load): the process stops trying.
        failures += 1;
        if (failures >= 3) unavailable = true;
        logger.error(
          { err },
          unavailable ? 'the page renderer keeps failing; pages arrive as their skeleton' : 'the page renderer failed; it restarts with the next page',
        );
        resolve(false);
        if (worker?.thread === thread) void stop();
      });
      thread.on('exit', () => {
        resolve(false);
        if (worker?.thread === thread) void stop();
      });
    });
    worker = { thread, ready };
    return worker;
  }

  /** Asks the worker for a page (`message`: its kind and what it is rendered from); null as the interface says. */
  async function render(
    message: { kind: 'profile' | 'explore' | 'item'; path: string; lng: Language } & Record<string, unknown>,
  ): Promise<RenderedPage | null> {
    if (unavailable) return null;
    if (!existsSync(entry)) {
      unavailable = true;
      logger.info({ dir }, 'no server-side bundle of the web app: pages arrive as their skeleton (run `npm run build`)');
      return null;
    }
    const current = start();
    if (idle) clearTimeout(idle);
    const id = ++nextId;
    const answer = await new Promise<Answer | null>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const giveUpIn = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => settle(id, null), ms);
        timer.unref();
      };
      giveUpIn(startMs);
      waiting.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
      void current.ready.then((ok) => {
        if (!ok) return settle(id, null);
        if (!waiting.has(id)) return; // timed out meanwhile
        giveUpIn(timeoutMs);
        current.thread.postMessage({ ...message, id });
      });
    });
    // The quiet spell counts from the last answer: a worker is never stopped under a page it renders.
    if (waiting.size === 0 && worker === current) {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => void stop(), idleMs);
      idle.unref();
    }
    if (!answer) return null;
    if (answer.error !== undefined || answer.html === undefined || answer.data === undefined) {
      logger.warn({ error: answer.error, page: message.kind }, 'a page could not be rendered; it arrives as its skeleton');
      return null;
    }
    return { html: answer.html, data: answer.data, meta: answer.meta ?? null };
  }

  return {
    profile: ({ path: address, handle, lng, profile }) => render({ kind: 'profile', path: address, handle, lng, data: profile }),
    explore: ({ path: address, lng, page }) => render({ kind: 'explore', path: address, lng, data: page }),
    item: ({ path: address, itemId, lng, item }) => render({ kind: 'item', path: address, itemId, lng, data: item }),
    close: stop,
  };
}
