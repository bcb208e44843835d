import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
  admin = await t.signInByMagicLink('admin@example.com');
});
afterAll(() => t.close());

const ANY_UUID = '00000000-0000-4000-8000-000000000000';
const ADMIN_CALLS = [
  { name: 'admin-settings-get', body: {} },
  { name: 'admin-settings-update', body: { maintenanceMode: true } },
  { name: 'admin-invites-create', body: { count: 1 } },
  { name: 'admin-invites-list', body: {} },
  { name: 'admin-invite-disable', body: { id: ANY_UUID } },
  { name: 'admin-feedback-list', body: {} },
] as const;

describe('admin functions of the panel', () => {
  it('refuse guests with 401 and signed-in users without the admin role with 403', async () => {
    const user = await t.signUp();
    for (const { name, body } of ADMIN_CALLS) {
      const guest = await t.call(name, { body });
      expect(guest.status, `${name} as a guest`).toBe(401);
      const plain = await t.call(name, { cookie: user.cookie, body });
      expect(plain.status, `${name} as a user`).toBe(403);
      expect(plain.json.error.code).toBe('forbidden');
    }
    // Nothing changed on the way.
    expect((await t.call('public-site-settings')).json.maintenanceMode).toBe(false);
    expect((await t.call('admin-invites-list', { cookie: admin.cookie, method: 'GET' })).json.total).toBe(0);
  });
});

describe('admin-settings-get and the maintenance status link', () => {
  it('answers the stored settings; the status link is http(s) only and reaches the public settings', async () => {
    const before = await t.call('admin-settings-get', { cookie: admin.cookie, method: 'GET' });
    expect(before.status).toBe(200);
    expect(before.json.settings).toEqual({
      betaOpen: true,
      maintenanceMode: false,
      maintenanceStatusUrl: null,
      announcement: null,
      creditRefill: { amount: 30, everyDays: 30 },
    });

    const bad = await t.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceStatusUrl: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.maintenanceStatusUrl).toBe('invalid_format');

    const ok = await t.call('admin-settings-update', {
      cookie: admin.cookie,
      body: { maintenanceMode: true, maintenanceStatusUrl: 'https://status.example.com' },
    });
    expect(ok.json.settings).toMatchObject({ maintenanceMode: true, maintenanceStatusUrl: 'https://status.example.com' });
    expect((await t.call('admin-settings-get', { cookie: admin.cookie })).json.settings.maintenanceStatusUrl).toBe('https://status.example.com');
    expect((await t.call('public-site-settings')).json).toMatchObject({ maintenanceMode: true, maintenanceStatusUrl: 'https://status.example.com' });

    await t.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: false, maintenanceStatusUrl: null } });
    const after = (await t.call('public-site-settings')).json;
    expect(after.maintenanceMode).toBe(false);
    expect(after.maintenanceStatusUrl).toBeUndefined();
  });
});

describe('invite batches', () => {
  it('redeem as configured: uses, tester flag and credits as ledger entries; disabled and expired codes are refused', async () => {
    const created = await t.call('admin-invites-create', {
      cookie: admin.cookie,
      body: { count: 3, prefix: 'FAIR-', maxUses: 2, grantTester: true, grantCredits: 7, notes: 'Spring fair' },
    });
    expect(created.status).toBe(200);
    const codes = created.json.codes as { id: string; code: string; notes: string }[];
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    for (const c of codes) expect(c.code).toMatch(/^FAIR-[A-HJ-NP-Z2-9]{8}$/);
    expect(codes[0]).toMatchObject({ notes: 'Spring fair', maxUses: 2, grantTester: true, grantCredits: 7, status: 'active', usesCount: 0 });

    const [first, second, third] = codes as [(typeof codes)[0], (typeof codes)[0], (typeof codes)[0]];
    const [a, b, c, d] = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    for (const u of [a, b]) {
      const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: first.code } });
      expect(r.json).toEqual({ redeemed: true, grantedCredits: 7, tester: true });
      expect((await t.call('profile-me', { cookie: u.cookie })).json).toMatchObject({ credits: 30 + 7, tester: true, inviteRedeemed: true });
    }
    const third1 = await t.call('invite-redeem', { cookie: c.cookie, body: { code: first.code } });
    expect(third1.json.error.code).toBe('invite_fully_used');

    // Disabled: refused like an unknown code; the list shows it as disabled.
    const disabled = await t.call('admin-invite-disable', { cookie: admin.cookie, body: { id: second.id } });
    expect(disabled.status).toBe(200);
    expect(disabled.json.code).toMatchObject({ id: second.id, status: 'disabled' });
    const refused = await t.call('invite-redeem', { cookie: c.cookie, body: { code: second.code } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('invite_invalid');
    expect((await t.call('profile-me', { cookie: c.cookie })).json).toMatchObject({ credits: 30, tester: false, inviteRedeemed: false });

    // The third code still works for someone else.
    expect((await t.call('invite-redeem', { cookie: c.cookie, body: { code: third.code } })).status).toBe(200);

    // Expired: a batch whose expiry has passed.
    const past = await t.call('admin-invites-create', {
      cookie: admin.cookie,
      body: { count: 1, expiresAt: new Date(Date.now() - 60_000).toISOString(), grantCredits: 50 },
    });
    const expiredCode = past.json.codes[0];
    expect(expiredCode.status).toBe('expired');
    const late = await t.call('invite-redeem', { cookie: d.cookie, body: { code: expiredCode.code } });
    expect(late.json.error.code).toBe('invite_invalid');
    expect((await t.call('profile-me', { cookie: d.cookie })).json.credits).toBe(30);

    // The list: statuses, uses and counts per status, paged newest first.
    const all = await t.call('admin-invites-list', { cookie: admin.cookie, method: 'GET', query: { pageSize: '2' } });
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 4, page: 0, pageSize: 2, counts: { all: 4, active: 2, expired: 1, disabled: 1 } });
    expect(all.json.codes).toHaveLength(2);
    expect(all.json.codes[0].code).toBe(expiredCode.code);
    const page2 = await t.call('admin-invites-list', { cookie: admin.cookie, method: 'GET', query: { pageSize: '2', page: '1' } });
    expect(page2.json.codes).toHaveLength(2);
    const active = await t.call('admin-invites-list', { cookie: admin.cookie, body: { status: 'active' } });
    const byCode = new Map((active.json.codes as { code: string; usesCount: number }[]).map((x) => [x.code, x.usesCount]));
    expect(byCode).toEqual(
      new Map([
        [first.code, 2],
        [third.code, 1],
      ]),
    );
    const expired = await t.call('admin-invites-list', { cookie: admin.cookie, body: { status: 'expired' } });
    expect(expired.json.codes.map((x: { code: string }) => x.code)).toEqual([expiredCode.code]);
    const dis = await t.call('admin-invites-list', { cookie: admin.cookie, body: { status: 'disabled' } });
    expect(dis.json.codes.map((x: { code: string }) => x.code)).toEqual([second.code]);
  });

  it('refuses a bad batch with field errors and an unknown id to disable with 404', async () => {
    const bad = await t.call('admin-invites-create', { cookie: admin.cookie, body: { count: 0, prefix: 'bad prefix!', maxUses: 0 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error.fields)).toEqual(expect.arrayContaining(['count', 'prefix', 'maxUses']));
    const missing = await t.call('admin-invite-disable', { cookie: admin.cookie, body: { id: '00000000-0000-4000-8000-000000000001' } });
    expect(missing.status).toBe(404);
  });
});
