import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';

/**
 * A body over MAX_BODY_BYTES is answered 413 before it is read; the answer closes the connection, so
 * a keep-alive client sends its next request on a new one instead of on a socket about to be dropped.
 */
let t: TestApp;
let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.serverFetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function send(agent: http.Agent, method: string, path: string, body?: string, opts: { chunked?: boolean } = {}) {
  return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          origin: TEST_ORIGIN,
          ...(body
            ? { 'content-type': 'application/json', ...(opts.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) }) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
      },
    );
    req.on('error', reject);
    if (opts.chunked && body) {
      // Two chunks, no declared length: the limit counts what it reads.
      req.write(body.slice(0, body.length / 2));
      req.end(body.slice(body.length / 2));
    } else req.end(body);
  });
}

describe('an oversized body over a keep-alive connection', () => {
  it('gets 413 with Connection: close, and the next request on the same agent is answered (5 of 5)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = JSON.stringify({ name: 'page_view', path: '/', props: { x: 'a'.repeat(1.1 * 1024 * 1024) } });
      for (let i = 0; i < 5; i++) {
        const tooLarge = await send(agent, 'POST', '/functions/v1/analytics-track', big);
        expect(tooLarge.status).toBe(413);
        expect(tooLarge.connection).toBe('close');
        expect(JSON.parse(tooLarge.text).error.code).toBe('payload_too_large');
        const next = await send(agent, 'GET', '/health');
        expect(next.status).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });
});

describe('bodies within the limit, and one without a declared length', () => {
  it('serves a write whose declared length is within the limit, and refuses a chunked body over it with 413', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const small = JSON.stringify({ name: 'page_view', path: '/' });
      expect((await send(agent, 'POST', '/functions/v1/analytics-track', small)).status).toBeLessThan(300);
      expect((await send(agent, 'POST', '/functions/v1/analytics-track', small, { chunked: true })).status).toBeLessThan(300);
      const big = JSON.stringify({ name: 'page_view', path: '/', props: { x: 'a'.repeat(1.1 * 1024 * 1024) } });
      const chunked = await send(agent, 'POST', '/functions/v1/analytics-track', big, { chunked: true });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.text).error.code).toBe('payload_too_large');
    } finally {
      agent.destroy();
    }
  });
});
