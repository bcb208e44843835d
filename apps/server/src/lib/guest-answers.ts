import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { COMPRESS_FROM_BYTES, validRequestId } from './http-basics';
import type { Logger } from './logger';

/**
 * What the server entry reads of a request: from Node's request when @hono/node-server hands it
 * over (its second argument), so that no Request or Headers object is built; else from the Request.
 */
export interface EntryView {
  method: string;
  /** Path and query, as sent. */
  target: string;
  header(name: string): string | undefined;
}
export function entryView(req: Request, env: unknown): EntryView {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url !== undefined && incoming.method) {
    const headers = incoming.headers;
    return {
      method: incoming.method,
      target: incoming.url,
      header: (name) => {
        const v = headers[name];
        return Array.isArray(v) ? v.join(', ') : v;
      },
    };
  }
  return { method: req.method, target: targetOf(req.url), header: (name) => req.headers.get(name) ?? undefined };
}
/** The path and query of an absolute URL. */
export function targetOf(url: string): string {
  const at = url.indexOf('/', url.indexOf('//') + 2);
  return at === -1 ? '/' : url.slice(at);
}

interface Entry {
  name: string;
  text: string;
  /** The text gzipped, made the first time a client that takes gzip asks. */
  gzip: Buffer | null;
  validWhile: () => boolean;
}

/**
 * Answers of read functions (explore's first pages, item pages), kept as the bytes that were sent, by
 * URL and viewer, and answered at the server entry before routing and middleware while the service
 * that made them says they are still the answer (`validWhile`: the same snapshot window and no
 * invalidation since; the item page and the viewer's kept marks still the same). A guest's answer is
 * kept by URL alone; a signed-in viewer's by URL and user, and served only to a request whose session
 * cookie the session cache holds now for that user (`viewer`: no lookup; a revoked or expired session
 * is not held, and such a request goes the usual way, as does any request with a bearer token or an
 * unknown session, and any answer that did not say how long it holds). Each answer gets the app's
 * headers, its own request id, the request log line and the call statistics.
 */
export function createGuestAnswers(opts: {
  headers: Record<string, string>;
  logger: Logger;
  /** Told of each call answered here (function statistics). */
  onCall?: (call: { name: string; status: number; durationMs: number; code: null; requestId: string }) => void;
  max?: number;
  /** At most this many characters of answers in all (32 Mi by default). */
  maxChars?: number;
  /** The signed-in user of a request's session cookie, if the session cache holds it now (no lookup). */
  viewer?: (cookie: string) => { id: string } | null;
}) {
  // Bounded by count and by size (the text's characters): the least recently answered go first.
  const entries = new LRUCache<string, Entry>({
    max: opts.max ?? 10_000,
    maxSize: opts.maxChars ?? 32 * 1024 * 1024,
    sizeCalculation: (e) => Math.max(1, e.text.length),
  });
  const plain = { ...opts.headers, 'content-type': 'application/json' };
  const zipped = { ...plain, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
  const { logger } = opts;

  return {
    /**
     * Keeps an answer for its URL, a guest's or (with `viewerId`) a signed-in viewer's: the function router
     * calls this for a shared answer that says how long it holds.
     */
    remember(url: string, name: string, text: string, validWhile: () => boolean, viewerId: string | null = null) {
      entries.set(keyOf(targetOf(url), viewerId), { name, text, gzip: null, validWhile });
    },

    /** The kept answer for this request, or null: then the app answers it. */
    answer(req: EntryView): Response | null {
      if (req.method !== 'GET') return null;
      const target = req.target;
      let key = target;
      const cookie = req.header('cookie');
      if (req.header('authorization') !== undefined) return null;
      if (cookie !== undefined) {
        const viewer = opts.viewer?.(cookie);
        if (!viewer) return null;
        key = keyOf(target, viewer.id);
      }
      const entry = entries.get(key);
      if (!entry) return null;
      const start = performance.now();
      if (!entry.validWhile()) {
        entries.delete(key);
        return null;
      }
      let body: string | Buffer = entry.text;
      let base = plain;
      const encodings = req.header('accept-encoding');
      if (encodings && entry.text.length >= COMPRESS_FROM_BYTES) {
        // Only gzip is kept; a client that takes other encodings but not gzip goes the usual way.
        if (!/\bgzip\b/.test(encodings)) return null;
        body = entry.gzip ??= gzipSync(entry.text);
        base = zipped;
      }
      const requestId = validRequestId(req.header('x-request-id')) ?? randomUUID();
      const res = new Response(body, { status: 200, headers: { ...base, 'x-request-id': requestId } });
      const ms = performance.now() - start;
      if (logger.isLevelEnabled('info')) {
        const query = target.indexOf('?');
        logger.info({ requestId, method: 'GET', path: query === -1 ? target : target.slice(0, query), status: 200, ms: Math.round(ms * 10) / 10 }, 'request');
      }
      opts.onCall?.({ name: entry.name, status: 200, durationMs: ms, code: null, requestId });
      return res;
    },

    /** How many answers are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type GuestAnswers = ReturnType<typeof createGuestAnswers>;

/** A kept answer's key: the URL's path and query, and the viewer's id for a signed-in viewer's. */
const keyOf = (target: string, viewerId: string | null) => (viewerId === null ? target : `${target}\n${viewerId}`);
