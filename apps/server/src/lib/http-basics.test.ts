import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerText, sharedAnswer } from './functions';
import { createLogger } from './logger';
import { jsonAnswer, requestBasics, securityHeaders } from './http-basics';

afterEach(() => vi.restoreAllMocks());

function app() {
  const headers = securityHeaders({ https: true });
  const a = new Hono();
  a.use(requestBasics({ logger: createLogger('silent'), headers, quiet: ['/health'] }));
  a.get('/fast', (c) => jsonAnswer(c, JSON.stringify({ big: 'x'.repeat(2000) }), headers));
  a.get('/usual', (c) => c.text('plain'));
  return a;
}

describe('request basics', () => {
  it('puts the request id and every security header on fast JSON answers and on the usual ones', async () => {
    for (const path of ['/fast', '/usual']) {
      const res = await app().request(path, { headers: { 'x-request-id': 'given-id' } });
      expect(res.headers.get('x-request-id')).toBe('given-id');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('makes up a request id when the given one is not acceptable', async () => {
    const res = await app().request('/usual', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serializes a shared answer once and any other answer every time', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const shared = sharedAnswer({ items: [1, 2, 3] });
    expect(answerText(shared)).toBe('{"items":[1,2,3]}');
    expect(answerText(shared)).toBe('{"items":[1,2,3]}');
    expect(stringify).toHaveBeenCalledTimes(1);
    answerText({ items: [] });
    answerText({ items: [] });
    expect(stringify).toHaveBeenCalledTimes(3);
  });
});
