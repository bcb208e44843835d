import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (over: Record<string, unknown> = {}) => ({
  handle: `h${Math.random().toString(36).slice(2, 10)}`,
  displayName: 'Ada Collector',
  bio: 'Vinyl figures and tin robots.',
  public: true,
  ...over,
});

describe('profile-me', () => {
  it('needs a signed-in user', async () => {
    expect((await t.call('profile-me')).status).toBe(401);
    expect((await t.request('/functions/v1/profile-me')).status).toBe(401);
  });

  it('has a null profile and no shelf before onboarding', async () => {
    const u = await t.signUp();
    const r = await t.call('profile-me', { cookie: u.cookie });
    expect(r.json).toEqual({ profile: null, roles: [], shelfId: null, credits: 30, inviteRedeemed: false, tester: false });
  });
});

describe('onboarding-complete', () => {
  it('needs a signed-in user', async () => {
    expect((await t.call('onboarding-complete', { body: profile() })).status).toBe(401);
  });

  it('creates the profile and a 6 × 3 shelf; lower-cases the handle; stores an empty bio as null', async () => {
    const u = await t.signUp();
    const r = await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ handle: 'Ada_Lovelace', bio: '   ' }) });
    expect(r.status).toBe(200);
    expect(r.json.profile).toMatchObject({ handle: 'ada_lovelace', displayName: 'Ada Collector', bio: null, public: true });
    const me = await t.call('profile-me', { cookie: u.cookie });
    expect(me.json.profile.handle).toBe('ada_lovelace');
    expect(me.json.shelfId).toBe(r.json.shelfId);
    const shelf = await t.call('shelf-get', { cookie: u.cookie });
    expect(shelf.json).toEqual({ shelf: { id: r.json.shelfId, layout: { cols: 6, rows: 3 } }, items: [], arrangements: [] });
  });

  it('is idempotent: a second call updates the profile and keeps the one shelf', async () => {
    const u = await t.signUp();
    const first = await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ handle: 'twice_user' }) });
    const second = await t.call('onboarding-complete', {
      cookie: u.cookie,
      body: profile({ handle: 'twice_user', displayName: 'Renamed', public: false }),
    });
    expect(second.status).toBe(200);
    expect(second.json.shelfId).toBe(first.json.shelfId);
    expect(second.json.profile).toMatchObject({ displayName: 'Renamed', public: false });
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['with a dash', 'ada-l'],
    ['with a space', 'ada l'],
    ['with a dot', 'ada.l'],
    ['empty', ''],
  ])('refuses a handle %s', async (_label, handle) => {
    const u = await t.signUp();
    const r = await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ handle }) });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('validation_failed');
    expect(r.json.error.fields.handle).toBe('invalid_format');
  });

  it('accepts handles of 3 and 20 characters', async () => {
    for (const handle of ['abc', 'a'.repeat(20)]) {
      const u = await t.signUp();
      expect((await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ handle }) })).status).toBe(200);
    }
  });

  it('requires a display name', async () => {
    const u = await t.signUp();
    const r = await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ displayName: '  ' }) });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.displayName).toBe('required');
  });

  it('refuses a missing public flag type and a non-object body', async () => {
    const u = await t.signUp();
    expect((await t.call('onboarding-complete', { cookie: u.cookie, body: profile({ public: 'yes' }) })).status).toBe(400);
    expect((await t.call('onboarding-complete', { cookie: u.cookie, body: unchecked([]) })).status).toBe(400);
  });

  it('refuses a handle someone else has, with handle_taken (409)', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await t.call('onboarding-complete', { cookie: a.cookie, body: profile({ handle: 'taken_one' }) })).status).toBe(200);
    const r = await t.call('onboarding-complete', { cookie: b.cookie, body: profile({ handle: 'TAKEN_ONE' }) });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatchObject({ code: 'handle_taken', message: 'This handle is already taken' });
  });

  it('lets only one of two concurrent claims of a handle win', async () => {
    const [a, b] = await Promise.all([t.signUp(), t.signUp()]);
    const results = await Promise.all([a, b].map((u) => t.call('onboarding-complete', { cookie: u.cookie, body: profile({ handle: 'race_handle' }) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  describe('while the beta is closed', () => {
    let admin: Awaited<ReturnType<TestApp['signUp']>>;
    beforeAll(async () => {
      admin = await t.signUp();
      await t.services.roles.grantByEmail(admin.email, 'admin');
      const r = await t.call('admin-settings-update', { cookie: admin.cookie, body: { betaOpen: false } });
      expect(r.status).toBe(200);
    });
    afterAll(async () => {
      await t.call('admin-settings-update', { cookie: admin.cookie, body: { betaOpen: true } });
    });

    it('refuses a user who has redeemed no code', async () => {
      const u = await t.signUp();
      const r = await t.call('onboarding-complete', { cookie: u.cookie, body: profile() });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('invite_required');
      expect((await t.call('profile-me', { cookie: u.cookie })).json.profile).toBeNull();
    });

    it('accepts a user after a valid code', async () => {
      const [code] = await t.services.invites.create({ count: 1, maxUses: 1 }, null);
      const u = await t.signUp();
      expect((await t.call('invite-redeem', { cookie: u.cookie, body: { code: code!.code } })).status).toBe(200);
      expect((await t.call('onboarding-complete', { cookie: u.cookie, body: profile() })).status).toBe(200);
    });

    it('lets an admin onboard without a code', async () => {
      expect((await t.call('onboarding-complete', { cookie: admin.cookie, body: profile() })).status).toBe(200);
    });
  });
});

describe('shelf-get', () => {
  it('needs a signed-in user and answers 404 before onboarding', async () => {
    expect((await t.call('shelf-get')).status).toBe(401);
    const u = await t.signUp();
    const r = await t.call('shelf-get', { cookie: u.cookie });
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('not_found');
  });
});
