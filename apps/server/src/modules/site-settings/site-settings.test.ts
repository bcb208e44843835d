import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { toPublicAnnouncement } from './site-settings.service';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
  admin = await t.signInByMagicLink('admin@example.com');
});
afterAll(() => t.close());

const announcement = {
  title: 'Spring fair',
  textEn: 'Join the spring swap meet!',
  textZh: '欢迎参加春季交换会！',
  linkUrl: 'https://example.com/fair',
  dismissible: true,
};

describe('public-site-settings', () => {
  it('treats a missing beta_open as open, with maintenance off and no announcement', async () => {
    const r = await t.call('public-site-settings');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ beta_open: true, maintenanceMode: false, announcement: null });
  });

  it('reflects what an admin saved, with the announcement as the browser receives it', async () => {
    const u = await t.call('admin-settings-update', {
      cookie: admin.cookie,
      body: { betaOpen: false, maintenanceMode: true, announcement },
    });
    expect(u.status).toBe(200);
    const r = await t.call('public-site-settings', { method: 'GET' });
    expect(r.json).toEqual({
      beta_open: false,
      maintenanceMode: true,
      announcement: {
        title: 'Spring fair',
        text: 'Join the spring swap meet!',
        textZh: '欢迎参加春季交换会！',
        locale: 'en',
        linkUrl: 'https://example.com/fair',
        dismissible: true,
        severity: 'info',
      },
    });
    const clear = await t.call('admin-settings-update', {
      cookie: admin.cookie,
      body: { betaOpen: true, maintenanceMode: false, announcement: null },
    });
    expect(clear.status).toBe(200);
    expect((await t.call('public-site-settings')).json).toEqual({ beta_open: true, maintenanceMode: false, announcement: null });
  });
});

describe('admin-settings-update', () => {
  it('is for admins only', async () => {
    expect((await t.call('admin-settings-update', { body: { betaOpen: false } })).status).toBe(401);
    const u = await t.signUp();
    const r = await t.call('admin-settings-update', { cookie: u.cookie, body: { betaOpen: false } });
    expect(r.status).toBe(403);
    expect((await t.call('public-site-settings')).json.beta_open).toBe(true);
  });

  it('validates the announcement', async () => {
    const r = await t.call('admin-settings-update', {
      cookie: admin.cookie,
      body: { announcement: { ...announcement, title: '', linkUrl: 'not a url' } },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.error.fields)).toEqual(expect.arrayContaining(['announcement.title', 'announcement.linkUrl']));
  });

  it('takes only http(s) links: a javascript: or data: link is refused and nothing is stored', async () => {
    for (const linkUrl of [
      'javascript:alert(document.cookie)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ]) {
      const r = await t.call('admin-settings-update', { cookie: admin.cookie, body: { announcement: { ...announcement, linkUrl } } });
      expect(r.status).toBe(400);
      expect(r.json.error.fields['announcement.linkUrl']).toBe('invalid_format');
      expect((await t.call('public-site-settings')).json.announcement?.linkUrl ?? null).not.toBe(linkUrl);
    }
    const ok = await t.call('admin-settings-update', {
      cookie: admin.cookie,
      body: { announcement: { ...announcement, linkUrl: 'https://example.com/meet' } },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('public-site-settings')).json.announcement.linkUrl).toBe('https://example.com/meet');
    await t.call('admin-settings-update', { cookie: admin.cookie, body: { announcement: null } });
  });
});

describe('toPublicAnnouncement', () => {
  const base = { ...announcement, severity: 'warning' as const };
  const now = new Date('2026-06-01T00:00:00Z');
  it('hides an announcement before its start and after its end', () => {
    expect(toPublicAnnouncement({ ...base, startsAt: '2026-07-01T00:00:00Z' }, now)).toBeNull();
    expect(toPublicAnnouncement({ ...base, endsAt: '2026-05-01T00:00:00Z' }, now)).toBeNull();
    expect(toPublicAnnouncement({ ...base, startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-07-01T00:00:00Z' }, now)?.severity).toBe('warning');
    expect(toPublicAnnouncement(null, now)).toBeNull();
  });
});
