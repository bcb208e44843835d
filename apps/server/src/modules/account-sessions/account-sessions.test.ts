import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../../test/harness';
import { addressClass, deviceKey, parseUserAgent } from './user-agent';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  // Behind a "proxy", so that each request can come from an address of its own (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const from = (ip: string, ua: string) => ({ 'x-forwarded-for': ip, 'user-agent': ua });

async function signIn(email: string, password: string, headers: Record<string, string>) {
  const res = await t.request('/auth/v1/sign-in/email', { body: { email, password }, headers, cookie: 'curio-consent=accepted' });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}
const newSignInMails = (email: string) => t.mails.filter((m) => m.to === email && /New sign-in/.test(m.subject));

describe('user agents and address classes', () => {
  it('names common browsers and systems and tells phones apart', () => {
    expect(parseUserAgent(CHROME_LINUX)).toEqual({ browser: 'Chrome', os: 'Linux', mobile: false });
    expect(parseUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS', mobile: true });
    expect(parseUserAgent(FIREFOX_WINDOWS)).toEqual({ browser: 'Firefox', os: 'Windows', mobile: false });
    expect(parseUserAgent(EDGE_WINDOWS).browser).toBe('Edge');
    // A browser's or system's variants keep one name: a phone's Chrome, headless Chrome, a Linux distribution.
    expect(parseUserAgent(CHROME_ANDROID)).toEqual({ browser: 'Chrome', os: 'Android', mobile: true });
    expect(parseUserAgent(CHROME_MAC.replace('Chrome/', 'HeadlessChrome/'))).toEqual({ browser: 'Chrome', os: 'macOS', mobile: false });
    expect(parseUserAgent(FIREFOX_UBUNTU)).toEqual({ browser: 'Firefox', os: 'Linux', mobile: false });
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: 'curl', os: null, mobile: false });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, mobile: false });
  });
  it('classes addresses as local or public, without geolocation', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.9', '::1', 'fd00::1', 'fe80::1', '::ffff:192.168.0.2'])
      expect(addressClass(ip)).toBe('local');
    for (const ip of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1']) expect(addressClass(ip)).toBe('public');
    expect(addressClass(null)).toBe('unknown');
    expect(deviceKey(CHROME_LINUX, '203.0.113.7')).toBe('Chrome|Linux|public');
  });
});

describe('account-sessions-list and account-session-revoke', () => {
  it('lists every session with device, place and last use; marks the caller’s own first', async () => {
    const u = await t.signUp();
    const laptop = await signIn(u.email, u.password, from('203.0.113.7', CHROME_LINUX));
    await signIn(u.email, u.password, from('192.168.1.20', SAFARI_IPHONE));
    const list = await t.call('account-sessions-list', { cookie: laptop, headers: from('203.0.113.7', CHROME_LINUX) });
    expect(list.status).toBe(200);
    const sessions = list.json.sessions as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3); // sign-up's own session too
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Linux', mobile: false, place: 'this_network', ipAddress: '203.0.113.7' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.os === 'iOS')).toMatchObject({ browser: 'Safari', mobile: true, place: 'local', current: false });
    for (const s of sessions) expect(Date.parse(String(s.lastSeenAt))).toBeGreaterThan(Date.now() - 60_000);
    // No session token leaves the server.
    expect(JSON.stringify(list.json)).not.toMatch(/token/i);
  });

  it('a revoked session fails on its very next request, even when the function router had it cached', async () => {
    const u = await t.signUp();
    const phone = await signIn(u.email, u.password, from('198.51.100.4', SAFARI_IPHONE));
    // The phone's session is now in the function router's session cache.
    expect((await t.call('settings-get', { cookie: phone })).status).toBe(200);
    const list = await t.call('account-sessions-list', { cookie: u.cookie });
    const phoneSession = (list.json.sessions as Array<{ id: string; os: string | null }>).find((s) => s.os === 'iOS')!;
    const revoked = await t.call('account-session-revoke', { cookie: u.cookie, body: { id: phoneSession.id } });
    expect(revoked.json).toEqual({ revoked: true });
    expect((await t.call('settings-get', { cookie: phone })).status).toBe(401);
    expect(await (await t.request('/auth/v1/get-session', { cookie: phone })).json()).toBeNull();
    // The revoker stays signed in; revoking again, or someone else's session, changes nothing.
    expect((await t.call('settings-get', { cookie: u.cookie })).status).toBe(200);
    expect((await t.call('account-session-revoke', { cookie: u.cookie, body: { id: phoneSession.id } })).json).toEqual({ revoked: false });
    const other = await t.signUp();
    const otherId = ((await t.call('account-sessions-list', { cookie: other.cookie })).json.sessions as Array<{ id: string }>)[0]!.id;
    expect((await t.call('account-session-revoke', { cookie: u.cookie, body: { id: otherId } })).json).toEqual({ revoked: false });
    expect((await t.call('settings-get', { cookie: other.cookie })).status).toBe(200);
  });

  it('signs out the others (better-auth revoke-other-sessions) and all (revoke-sessions): cached sessions end at once', async () => {
    const u = await t.signUp();
    const a = await signIn(u.email, u.password, from('198.51.100.5', FIREFOX_WINDOWS));
    const b = await signIn(u.email, u.password, from('198.51.100.6', EDGE_WINDOWS));
    for (const c of [u.cookie, a, b]) expect((await t.call('settings-get', { cookie: c })).status).toBe(200);

    expect((await t.request('/auth/v1/revoke-other-sessions', { body: {}, cookie: a })).status).toBe(200);
    expect((await t.call('settings-get', { cookie: u.cookie })).status).toBe(401);
    expect((await t.call('settings-get', { cookie: b })).status).toBe(401);
    expect((await t.call('settings-get', { cookie: a })).status).toBe(200);
    expect((await t.call('account-sessions-list', { cookie: a })).json.sessions).toHaveLength(1);

    const c = await signIn(u.email, u.password, from('198.51.100.6', EDGE_WINDOWS));
    expect((await t.call('settings-get', { cookie: c })).status).toBe(200);
    expect((await t.request('/auth/v1/revoke-sessions', { body: {}, cookie: a })).status).toBe(200);
    expect((await t.call('settings-get', { cookie: a })).status).toBe(401);
    expect((await t.call('settings-get', { cookie: c })).status).toBe(401);
  });

  it('refuses guests', async () => {
    expect((await t.call('account-sessions-list')).status).toBe(401);
    expect((await t.call('account-session-revoke', { body: { id: 'x' } })).status).toBe(401);
  });
});

describe('new-device notice', () => {
  it('mails the owner once per new browser, system and address class; never for the first session after sign-up', async () => {
    const email = `devices${Date.now()}@example.com`;
    const res = await t.request('/auth/v1/sign-up/email', {
      body: { email, password: 'correct horse battery', name: 'd' },
      headers: from('203.0.113.9', CHROME_LINUX),
    });
    expect(res.status).toBe(200);
    expect(newSignInMails(email)).toHaveLength(0);

    // The same browser on the same kind of address: known.
    await signIn(email, 'correct horse battery', from('203.0.113.10', CHROME_LINUX));
    expect(newSignInMails(email)).toHaveLength(0);

    // A phone: a notice naming it, with a link to the sessions.
    await signIn(email, 'correct horse battery', from('198.51.100.77', SAFARI_IPHONE));
    const mails = newSignInMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Safari on iOS \(address 198\.51\.100\.77\)/);
    expect(mails[0]!.text).toMatch(/新设备/);
    expect(mails[0]!.text).toContain('/settings/account');

    // Seen now: no second notice. The same laptop on a local network is a device of its own.
    await signIn(email, 'correct horse battery', from('198.51.100.78', SAFARI_IPHONE));
    expect(newSignInMails(email)).toHaveLength(1);
    await signIn(email, 'correct horse battery', from('192.168.0.5', CHROME_LINUX));
    expect(newSignInMails(email)).toHaveLength(2);
  });

  it('a sign-in by link for a new address (an account created on the way) sends no notice', async () => {
    const u = await t.signInByMagicLink();
    expect(newSignInMails(u.email)).toHaveLength(0);
  });
});
