import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInGuardRepository } from '../modules/sign-in-guard/sign-in-guard.repository';
import { createTestApp, type TestApp } from '../test/harness';
import { SIGN_IN_BACKOFF, SIGN_IN_BACKOFF_CODE } from './sign-in-backoff';

/**
 * Wrong passwords are limited per account as well as per client address: many addresses guessing one
 * account's password slow down exponentially, and its owner can still sign in with a link.
 */
let t: TestApp;
beforeAll(async () => {
  // Behind a proxy, so each request may name its own client address; 10 sign-ins per address per minute.
  t = await createTestApp({ TRUST_PROXY: 'true', AUTH_SIGNIN_RATE_LIMIT_MAX: '10' });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip: string) =>
  t.request('/auth/v1/sign-in/email', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

/** 54 wrong passwords for one address from 6 client addresses (`net`.0 to .5), one after the other. */
async function guess(email: string, net: string) {
  const answers: Response[] = [];
  for (let i = 0; i < 54; i++) answers.push(await signIn(email, `wrong password ${i}`, `${net}.${i % 6}`));
  return answers;
}

describe('wrong passwords per account', { tags: ['postgres'] }, () => {
  it('slows many addresses guessing one account: 429 with Retry-After and a code the sign-in form translates', async () => {
    const u = await t.signUp();
    const answers = await guess(u.email, '198.51.100');
    const refused = answers.filter((r) => r.status === 429);
    // Five free failures, the sixth starts a wait of 2 s; a slow machine may let one or two more in.
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(8);
    expect(refused.length).toBeGreaterThanOrEqual(46);
    const last = refused.at(-1)!;
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await last.json()) as { code: string }).code).toBe(SIGN_IN_BACKOFF_CODE);

    // The right password waits too (the answer tells nothing about it) ... The last wait may have run out on a
    // slow machine by now (it doubles from 2 s only at a counted failure): the account waits again, for longer.
    const waiting = await t.database.db.execute(
      sql`update sign_in_failures set locked_until = now() + interval '5 minutes' where email = ${u.email.toLowerCase()} returning email`,
    );
    expect((waiting as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await signIn(u.email, u.password, '203.0.113.9')).status).toBe(429);
    // ... and so does the address in another case.
    expect((await signIn(u.email.toUpperCase(), u.password, '203.0.113.9')).status).toBe(429);
    // The owner was mailed once, and a sign-in link still works.
    expect(t.mails.filter((m) => m.to === u.email && m.subject.includes('Repeated failed sign-ins'))).toHaveLength(1);
    const byLink = await t.signInByMagicLink(u.email);
    expect(byLink.userId).toBe(u.userId);
  });

  it('answers an address without an account the same way (no enumeration), and mails nobody', async () => {
    const before = t.mails.length;
    const answers = await guess('nobody-here@example.com', '198.51.101');
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(46);
    expect(t.mails.length).toBe(before);
  });

  it('forgets the failures at a right password', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'wrong password', '192.0.2.1')).status).toBe(401);
    expect((await signIn(u.email, u.password, '192.0.2.2')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, 'wrong password', '192.0.2.3')).status).toBe(401);
  });

  it('doubles the wait after each further failure, up to 15 minutes, and starts over once forgotten', async () => {
    const repo = signInGuardRepository(t.database.db);
    const email = 'backoff-steps@example.com';
    /** Lets the current wait pass (moves it into the past). */
    const endWait = () => t.database.db.execute(sql`update sign_in_failures set locked_until = now() - interval '1 second' where email = ${email}`);
    const waits: number[] = [];
    for (let i = 0; i < 16; i++) {
      expect((await repo.attempt(email, SIGN_IN_BACKOFF)).waitSeconds).toBe(0);
      const rows = await t.database.db.execute(
        sql`select coalesce(ceil(extract(epoch from locked_until - now())), 0)::int as w from sign_in_failures where email = ${email}`,
      );
      const wait = Number((rows as unknown as { rows: { w: number }[] }).rows[0]!.w);
      waits.push(wait);
      // While it waits, an attempt is refused with what is left and not counted.
      if (wait) expect((await repo.attempt(email, SIGN_IN_BACKOFF)).waitSeconds).toBe(wait);
      await endWait();
    }
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(5)).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    // Forgotten: 15 minutes after its last failure an episode starts over.
    await t.database.db.execute(
      sql`update sign_in_failures set last_failure_at = now() - interval '16 minutes', locked_until = now() - interval '16 minutes' where email = ${email}`,
    );
    expect(await repo.attempt(email, SIGN_IN_BACKOFF)).toMatchObject({ failures: 1, waitSeconds: 0, notify: false });
  });

  it('counts concurrent attempts exactly: 40 guesses at once get 6 checks at most', async () => {
    const repo = signInGuardRepository(t.database.db);
    const results = await Promise.all(Array.from({ length: 40 }, () => repo.attempt('burst@example.com', SIGN_IN_BACKOFF)));
    expect(results.filter((r) => r.waitSeconds === 0)).toHaveLength(6);
    expect(results.filter((r) => r.notify)).toHaveLength(1);
  });

  it('tells a counted attempt from a waiting one when both carry the same clock time', async () => {
    // Within one transaction now() stands still: the same as two statements in one tick of PGlite's clock.
    const results = await t.database.db.transaction(async (tx) => {
      const repo = signInGuardRepository(tx);
      const out = [];
      for (let i = 0; i < 9; i++) out.push(await repo.attempt('same-tick@example.com', SIGN_IN_BACKOFF));
      return out;
    });
    expect(results.map((r) => r.waitSeconds === 0)).toEqual([true, true, true, true, true, true, false, false, false]);
    expect(results.map((r) => r.notify)).toEqual([false, false, false, false, false, true, false, false, false]);
  });
});
