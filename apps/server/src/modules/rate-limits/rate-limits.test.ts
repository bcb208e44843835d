import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/harness';
import { createRateLimitsService } from './rate-limits.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settle = async (n: number, fn: () => Promise<unknown>) => {
  const results = await Promise.allSettled(Array.from({ length: n }, fn));
  const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
  return { allowed: results.length - refused.length, refused };
};

describe('rate limiter', { tags: ['postgres'] }, () => {
  it('lets exactly max of 200 concurrent hits through and refuses the rest with 429 and Retry-After', async () => {
    const { allowed, refused } = await settle(200, () => t.services.rateLimits.hit('test-burst', 'user-a', { max: 120, windowSeconds: 3600 }));
    expect(allowed).toBe(120);
    expect(refused).toHaveLength(80);
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(429);
      expect((err as AppError).code).toBe('rate_limited');
      const retryAfter = Number((err as AppError).headers?.['Retry-After']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
  });

  it('counts each bucket and subject on its own', async () => {
    const limit = { max: 5, windowSeconds: 3600 };
    const [a, b, c] = await Promise.all([
      settle(20, () => t.services.rateLimits.hit('test-own', 'one', limit)),
      settle(20, () => t.services.rateLimits.hit('test-own', 'two', limit)),
      settle(20, () => t.services.rateLimits.hit('test-other', 'one', limit)),
    ]);
    expect([a.allowed, b.allowed, c.allowed]).toEqual([5, 5, 5]);
  });

  it('starts a window at the first hit, so no clock boundary splits a burst', async () => {
    const limit = { max: 2, windowSeconds: 2 };
    // The first hit in the second half of a clock-aligned 2-second period, the second once the clock has
    // passed that period's end (under a second later): a window aligned to the clock would have turned
    // over in between; this one has not.
    const period = () => Math.floor(Date.now() / 2000);
    await vi.waitFor(() => expect(Date.now() % 2000).toBeGreaterThanOrEqual(1000), { timeout: 3_000, interval: 10 });
    const firstPeriod = period();
    await t.services.rateLimits.hit('test-rolling', 's', limit);
    await vi.waitFor(() => expect(period()).toBeGreaterThan(firstPeriod), { timeout: 3_000, interval: 10 });
    expect(await t.services.rateLimits.hit('test-rolling', 's', limit)).toEqual({ count: 2, remaining: 0 });
    await expect(t.services.rateLimits.hit('test-rolling', 's', limit)).rejects.toMatchObject({ status: 429 });
  });

  it('uses the given message and reports what is left', async () => {
    const limit = { max: 2, windowSeconds: 3600, message: 'Slow down' };
    expect(await t.services.rateLimits.hit('test-msg', 's', limit)).toEqual({ count: 1, remaining: 1 });
    expect(await t.services.rateLimits.hit('test-msg', 's', limit)).toEqual({ count: 2, remaining: 0 });
    await expect(t.services.rateLimits.hit('test-msg', 's', limit)).rejects.toMatchObject({ status: 429, message: 'Slow down' });
  });

  it('allows again once the window has passed, and prunes ended windows', async () => {
    const limit = { max: 1, windowSeconds: 1 };
    await t.services.rateLimits.hit('test-window', 's', limit);
    await expect(t.services.rateLimits.hit('test-window', 's', limit)).rejects.toMatchObject({ status: 429 });
    // Refused until the window has passed (a refused hit does not extend it), then a new window starts.
    await vi.waitFor(() => expect(t.services.rateLimits.hit('test-window', 's', limit)).resolves.toEqual({ count: 1, remaining: 0 }), {
      timeout: 5_000,
      interval: 100,
    });
    // Once that window has ended too, any hit that prunes (every one here) forgets it.
    const pruning = createRateLimitsService(t.database.db, { random: () => 0 });
    let subject = 0;
    await vi.waitFor(
      async () => {
        await pruning.hit('test-prune', String(subject++), { max: 1, windowSeconds: 3600 });
        const left = await t.database.db.execute(sql`select count(*)::int as n from rate_limit_counters where bucket = 'test-window'`);
        expect(Number((left as any).rows[0].n)).toBe(0);
      },
      { timeout: 5_000, interval: 100 },
    );
  });
});
