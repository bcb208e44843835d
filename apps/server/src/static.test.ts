import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Curio</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ STATIC_DIR: dir });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves hashed assets with immutable caching', async () => {
    const res = await t.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers every client route with index.html, not cached', async () => {
    for (const route of ['/', '/login', '/me/shelf', '/Me/Shelf/', '/me/messages/some-thread', '/mod/reports/r1']) {
      const res = await t.request(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('answers an address that is none of the app’s pages with index.html and 404', async () => {
    for (const route of ['/no/such/page', '/404', '/me', '/me/shelf/extra', '/u/someone', '/favicon.png']) {
      const res = await t.request(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type'), route).toContain('text/html');
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      expect(res.headers.get('content-security-policy'), route).toContain("default-src 'self'");
      expect(await res.text(), route).toContain('<div id="root">');
    }
  });

  it('does not answer server paths or missing assets with index.html', async () => {
    for (const route of ['/functions/v1/nothing-here', '/img/x/public', '/assets/missing.js']) {
      const res = await t.request(route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('serves other public files', async () => {
    const res = await t.request('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
