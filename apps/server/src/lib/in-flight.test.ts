import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { inFlightRequests } from './in-flight';

describe('inFlightRequests', () => {
  it('resolves drained at once with no request running, and once the running one has answered', async () => {
    const inFlight = inFlightRequests();
    await inFlight.drained(10_000);
    let finish = () => {};
    const app = new Hono();
    app.use(inFlight.track);
    app.get('/slow', () => new Promise<Response>((resolve) => (finish = () => resolve(new Response('done')))));
    const answer = app.request('/slow');
    await new Promise((r) => setTimeout(r, 10));
    let drained = false;
    const waiting = inFlight.drained(10_000).then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(drained).toBe(false);
    finish();
    expect(await (await answer).text()).toBe('done');
    await waiting;
    expect(drained).toBe(true);
  });

  it('gives up waiting after the timeout', async () => {
    const inFlight = inFlightRequests();
    const app = new Hono();
    app.use(inFlight.track);
    app.get('/never', () => new Promise<Response>(() => {}));
    void app.request('/never');
    await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await inFlight.drained(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });
});
