import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
let slowHandlerDone = false;
beforeAll(async () => {
  t = await createTestApp({ MAX_BODY_BYTES: '2048' });
  t.app.get('/__boom', () => {
    throw new Error('kaboom secret detail');
  });
  t.app.get('/__slow', async (c) => {
    await new Promise((r) => setTimeout(r, 300));
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
    const r = await t.call('public-site-settings', { body: '{not json' });
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

  it('sends the security headers', async () => {
    const res = await t.request('/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('lets shutdown wait for running handlers, not only open sockets', async () => {
    const pending = t.request('/__slow');
    await new Promise((r) => setTimeout(r, 50));
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
