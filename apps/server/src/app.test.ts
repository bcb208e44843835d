import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestApp, type TestApp, unchecked } from './test/harness';
import { pngBytes } from './test/images';
import { countQueries } from './test/query-count';

let t: TestApp;
let slowHandlerStarted = false;
let slowHandlerDone = false;
beforeAll(async () => {
  t = await createTestApp({ MAX_BODY_BYTES: '2048' });
  t.app.get('/__boom', () => {
    throw new Error('kaboom secret detail');
  });
  t.app.get('/__slow', async (c) => {
    slowHandlerStarted = true;
    await new Promise((r) => setTimeout(r, 300)); // the slow handler's work
    slowHandlerDone = true;
    return c.json({ done: true });
  });
});
afterAll(() => t.close());

describe('HTTP foundation', () => {
  it('answers liveness and readiness', async () => {
    expect(await (await t.request('/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.request('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: true, migrations: true });
  });

  it('answers an unknown function with a 404 error envelope', async () => {
    // @ts-expect-error: a name the contract does not have, on purpose
    const r = await t.call('no-such-function');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: { code: 'not_found', message: 'Unknown function: no-such-function' } });
  });

  it('answers unknown server routes with the envelope', async () => {
    const res = await t.request('/img/nothing/public');
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('not_found');
  });

  it('refuses a body that is not JSON', async () => {
    const r = await t.call('public-site-settings', { body: unchecked('{not json') });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('bad_request');
  });

  it('refuses GET on a function that only answers POST', async () => {
    const { cookie } = await t.signUp();
    const r = await t.call('onboarding-complete', { method: 'GET', cookie });
    expect(r.status).toBe(405);
  });

  it('answers an oversized body with 413', async () => {
    const r = await t.call('analytics-track', { body: { name: 'page_view', path: '/', props: { x: 'a'.repeat(5000) } } });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('payload_too_large');
  });

  it('answers an unexpected exception with a 500 envelope and no internals', async () => {
    const res = await t.request('/__boom');
    expect(res.status).toBe(500);
    const body = (await res.json()) as any;
    expect(body.error.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('kaboom');
    expect(JSON.stringify(body)).not.toContain('at ');
  });

  it("sends JSON answers the API's security headers: nothing allowed, not sniffed, not framed", async () => {
    for (const res of [await t.request('/health'), await t.request('/functions/v1/public-site-settings')]) {
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('sends the document security headers on everything else', async () => {
    const res = await t.request('/no-such-page.txt');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers /health at the server entry, before the app, with the same headers the app sends', async () => {
    const viaApp = await t.request('/health');
    const direct = await t.serverFetch(new Request('http://localhost:3000/health', { headers: { 'x-request-id': 'probe-1' } }));
    expect(direct.status).toBe(200);
    expect(await direct.json()).toEqual({ status: 'ok' });
    expect(direct.headers.get('x-request-id')).toBe('probe-1');
    const names = (res: Response) => [...res.headers.keys()].filter((n) => n !== 'date').sort();
    expect(names(direct)).toEqual(names(viaApp));
    expect(direct.headers.get('content-security-policy')).toBe(viaApp.headers.get('content-security-policy'));
    // An id the app would not echo is replaced; anything but a plain GET /health goes to the app.
    const odd = await t.serverFetch(new Request('http://localhost:3000/health', { headers: { 'x-request-id': 'not valid!' } }));
    expect(odd.headers.get('x-request-id')).not.toBe('not valid!');
    expect((await t.serverFetch(new Request('http://localhost:3000/no-such-path/health'))).status).toBe(404);
    expect((await t.serverFetch(new Request('http://localhost:3000/health', { method: 'POST', headers: { origin: 'http://localhost:3000' } }))).status).toBe(
      404,
    );
  });

  it("over real HTTP, answers /health and a guest's kept item page at the entry, and a signed-in request through the app", async () => {
    const server = serve({ fetch: t.serverFetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const health = await fetch(`${base}/health`, { headers: { 'x-request-id': 'lb-probe' } });
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(health.headers.get('x-request-id')).toBe('lb-probe');
      expect(health.headers.get('x-frame-options')).toBe('DENY');

      const owner = await t.onboardedUser();
      const item = await t.publishedItem(owner.cookie, await pngBytes(40, 50), 'Over HTTP');
      const url = `${base}/functions/v1/item-get?itemId=${item}`;
      const first = await (await fetch(url)).text();
      const counter = countQueries(t.database);
      try {
        const kept = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
        expect(kept.headers.get('content-encoding')).toBe('gzip');
        expect(await kept.text()).toBe(first); // fetch unzips
        expect(counter.count).toBe(0);
        const signedIn = await fetch(url, { headers: { cookie: owner.cookie } });
        expect(((await signedIn.json()) as { viewer: { isOwner: boolean } }).viewer.isOwner).toBe(true);
        expect(counter.count).toBeGreaterThan(0);
      } finally {
        counter.restore();
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('lets shutdown wait for running handlers, not only open sockets', async () => {
    const pending = t.request('/__slow');
    await vi.waitFor(() => expect(slowHandlerStarted).toBe(true), { timeout: 2_000, interval: 5 });
    expect(slowHandlerDone).toBe(false);
    await t.drained(5000);
    expect(slowHandlerDone).toBe(true);
    expect(await (await pending).json()).toEqual({ done: true });
  });

  it('answers reads on GET with query parameters', async () => {
    const res = await t.request('/functions/v1/public-site-settings');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ beta_open: true, maintenanceMode: false, announcement: null });
  });
});
