import { INVITE_ALPHABET } from '@curio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { generateInviteCode } from './invite-code';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const makeCode = async (input: Partial<Parameters<TestApp['services']['invites']['create']>[0]> = {}) => {
  const [code] = await t.services.invites.create({ count: 1, maxUses: 1, ...input }, null);
  return code!.code;
};

describe('invite codes', () => {
  it('are the prefix plus 8 characters of the unambiguous alphabet', () => {
    for (let i = 0; i < 50; i++) {
      const code = generateInviteCode('CURIO-');
      expect(code).toMatch(/^CURIO-[A-Z2-9]{8}$/);
      for (const ch of code.slice(6)) expect(INVITE_ALPHABET).toContain(ch);
      expect(code.slice(6)).not.toMatch(/[IO01]/);
    }
  });
});

describe('invite-redeem', () => {
  it('needs a signed-in user', async () => {
    expect((await t.call('invite-redeem', { body: { code: 'CURIO-AAAAAAAA' } })).status).toBe(401);
  });

  it('refuses an empty code with a field error', async () => {
    const u = await t.signUp();
    const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: '   ' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('validation_failed');
    expect(r.json.error.fields.code).toBeTruthy();
  });

  it('redeems case-insensitively and grants credits and the tester flag once', async () => {
    const code = await makeCode({ grantCredits: 12, grantTester: true, maxUses: 5 });
    const u = await t.signUp();
    const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: ` ${code.toLowerCase()} ` } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ redeemed: true, grantedCredits: 12, tester: true });
    const me = await t.call('profile-me', { cookie: u.cookie });
    expect(me.json).toMatchObject({ credits: 30 + 12, tester: true, inviteRedeemed: true });

    const again = await t.call('invite-redeem', { cookie: u.cookie, body: { code } });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'invite_already_redeemed', message: "You've already redeemed a code" });
    expect((await t.call('profile-me', { cookie: u.cookie })).json.credits).toBe(42);
  });

  it('refuses an unknown code', async () => {
    const u = await t.signUp();
    const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: 'CURIO-NOTACODE' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'invite_invalid', message: 'Invalid or expired invite code' });
  });

  it('refuses an expired code and a disabled code as invalid', async () => {
    const expired = await makeCode({ expiresAt: new Date(Date.now() - 1000) });
    const u = await t.signUp();
    const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: expired } });
    expect(r.json.error.code).toBe('invite_invalid');
  });

  it('refuses a fully used code', async () => {
    const code = await makeCode({ maxUses: 1 });
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await t.call('invite-redeem', { cookie: a.cookie, body: { code } })).status).toBe(200);
    const r = await t.call('invite-redeem', { cookie: b.cookie, body: { code } });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'invite_fully_used', message: 'This code has been fully used' });
  });

  it('never lets concurrent redemptions exceed max uses', { tags: ['postgres'] }, async () => {
    const code = await makeCode({ maxUses: 2, grantCredits: 5 });
    const users = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const results = await Promise.all(users.map((u) => t.call('invite-redeem', { cookie: u.cookie, body: { code } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409).every((r) => r.json.error.code === 'invite_fully_used')).toBe(true);
  });

  it('lets an admin create codes through admin-invites-create, and nobody else', async () => {
    const user = await t.signUp();
    expect((await t.call('admin-invites-create', { cookie: user.cookie, body: { count: 1 } })).status).toBe(403);
    await t.services.roles.grantByEmail(user.email, 'admin');
    const r = await t.call('admin-invites-create', { cookie: user.cookie, body: { count: 3, maxUses: 2, grantCredits: 9 } });
    expect(r.status).toBe(200);
    expect(r.json.codes).toHaveLength(3);
    expect(r.json.codes[0]).toMatchObject({ maxUses: 2, usesCount: 0, grantCredits: 9, status: 'active' });
  });
});
