import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGuestAnswers, entryView } from './guest-answers';
import { createLogger } from './logger';

const URL_A = 'http://localhost:3000/functions/v1/item-get?itemId=a';
const big = JSON.stringify({ items: Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Item ${i}` })) });

function answers() {
  const calls: string[] = [];
  const kept = createGuestAnswers({ headers: { 'x-frame-options': 'DENY' }, logger: createLogger('silent'), onCall: (c) => calls.push(c.name) });
  return { kept, calls };
}

describe("guests' kept answers", () => {
  it("answers a guest's GET with the kept bytes and the app's headers, and tells the call statistics", async () => {
    const { kept, calls } = answers();
    kept.remember(URL_A, 'item-get', '{"ok":true}', () => true);
    const res = kept.answer(entryView(new Request(URL_A, { headers: { 'x-request-id': 'abc' } }), undefined));
    expect(res).not.toBeNull();
    expect(await res!.text()).toBe('{"ok":true}');
    expect(res!.headers.get('x-frame-options')).toBe('DENY');
    expect(res!.headers.get('content-type')).toBe('application/json');
    expect(res!.headers.get('x-request-id')).toBe('abc');
    expect(calls).toEqual(['item-get']);
  });

  it('never answers a request with a cookie or a bearer token, another method or another URL', () => {
    const { kept } = answers();
    kept.remember(URL_A, 'item-get', '{}', () => true);
    expect(kept.answer(entryView(new Request(URL_A, { headers: { cookie: 'session=1' } }), undefined))).toBeNull();
    expect(kept.answer(entryView(new Request(URL_A, { headers: { authorization: 'Bearer x' } }), undefined))).toBeNull();
    expect(kept.answer(entryView(new Request(URL_A, { method: 'POST', body: '{}' }), undefined))).toBeNull();
    expect(kept.answer(entryView(new Request(`${URL_A}&x=1`), undefined))).toBeNull();
  });

  it("answers a signed-in viewer's kept answer only to a session of that viewer the session cache holds, never to a guest or a token", async () => {
    const sessions: Record<string, { id: string }> = { 'curio.session_token=ann': { id: 'ann' }, 'curio.session_token=ben': { id: 'ben' } };
    const kept = createGuestAnswers({ headers: {}, logger: createLogger('silent'), viewer: (cookie) => sessions[cookie] ?? null });
    kept.remember(URL_A, 'item-get', '{"viewer":"ann"}', () => true, 'ann');
    const ask = (headers: Record<string, string>) => kept.answer(entryView(new Request(URL_A, { headers }), undefined));
    expect(await ask({ cookie: 'curio.session_token=ann' })!.text()).toBe('{"viewer":"ann"}');
    expect(ask({ cookie: 'curio.session_token=ben' })).toBeNull();
    expect(ask({ cookie: 'curio.session_token=gone' })).toBeNull();
    expect(ask({})).toBeNull();
    expect(ask({ cookie: 'curio.session_token=ann', authorization: 'Bearer x' })).toBeNull();
  });

  it('drops an answer once it no longer holds', () => {
    const { kept } = answers();
    let holds = true;
    kept.remember(URL_A, 'item-get', '{}', () => holds);
    expect(kept.answer(entryView(new Request(URL_A), undefined))).not.toBeNull();
    holds = false;
    expect(kept.answer(entryView(new Request(URL_A), undefined))).toBeNull();
    expect(kept.size).toBe(0);
  });

  it('sends a large answer gzipped to a client that takes gzip, and leaves other encodings to the app', async () => {
    const { kept } = answers();
    kept.remember(URL_A, 'item-get', big, () => true);
    const zipped = kept.answer(entryView(new Request(URL_A, { headers: { 'accept-encoding': 'gzip, deflate, br' } }), undefined))!;
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(big);
    expect(kept.answer(entryView(new Request(URL_A, { headers: { 'accept-encoding': 'br' } }), undefined))).toBeNull();
    const plain = kept.answer(entryView(new Request(URL_A), undefined))!;
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(big);
  });

  it('keeps at most `max` answers and `maxChars` characters of them, dropping the least recently answered first', () => {
    const kept = createGuestAnswers({ headers: {}, logger: createLogger('silent'), max: 2, maxChars: 100 });
    const url = (id: string) => `http://localhost:3000/functions/v1/item-get?itemId=${id}`;
    const answered = (id: string) => kept.answer(entryView(new Request(url(id)), undefined)) !== null;
    kept.remember(url('a'), 'item-get', '{}', () => true);
    kept.remember(url('b'), 'item-get', '{}', () => true);
    expect(answered('a')).toBe(true); // now b is the least recently answered
    kept.remember(url('c'), 'item-get', '{}', () => true);
    expect([answered('a'), answered('b'), answered('c')]).toEqual([true, false, true]);
    // 60 + 60 characters are more than 100: the older one goes.
    kept.remember(url('d'), 'item-get', 'x'.repeat(60), () => true);
    kept.remember(url('e'), 'item-get', 'y'.repeat(60), () => true);
    expect([answered('d'), answered('e')]).toEqual([false, true]);
    expect(kept.size).toBe(1);
  });
});
