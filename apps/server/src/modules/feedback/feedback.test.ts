import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
  admin = await t.signInByMagicLink('admin@example.com');
});
afterAll(() => t.close());

describe('feedback-submit', () => {
  it('stores a signed-in person’s feedback, trimmed, and admins read it in the inbox', async () => {
    const u = await t.signUp();
    const r = await t.call('feedback-submit', {
      cookie: u.cookie,
      body: { category: 'idea', message: '  A dark mode for the shelf, please!  ', email: ' me@example.com ', path: '/me/shelf' },
    });
    expect(r.status).toBe(200);
    expect(r.json.id).toMatch(/^[0-9a-f-]{36}$/);

    const list = await t.call('admin-feedback-list', { cookie: admin.cookie, method: 'GET' });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(1);
    expect(list.json.entries[0]).toMatchObject({
      id: r.json.id,
      category: 'idea',
      message: 'A dark mode for the shelf, please!',
      email: 'me@example.com',
      path: '/me/shelf',
      user: { id: expect.any(String) },
    });
  });

  it('accepts a guest without a session; a blank email counts as none and a path must be one of this site', async () => {
    const r = await t.call('feedback-submit', {
      body: { category: 'bug', message: 'The explore page jumps', email: '   ', path: 'https://elsewhere.example/x' },
      headers: { 'user-agent': 'guest-feedback-test' },
    });
    expect(r.status).toBe(200);
    const list = await t.call('admin-feedback-list', { cookie: admin.cookie, body: { category: 'bug' } });
    expect(list.json.entries).toHaveLength(1);
    expect(list.json.entries[0]).toMatchObject({ category: 'bug', email: null, path: null, user: null });
  });

  it('refuses a missing category, a blank or too long message and a bad email with the field texts', async () => {
    const u = await t.signUp();
    const empty = await t.call('feedback-submit', { cookie: u.cookie, body: unchecked({ message: '   ' }) });
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toMatchObject({ category: 'invalid_value', message: 'required' });

    const missing = await t.call('feedback-submit', { cookie: u.cookie, body: unchecked({ category: 'bug' }) });
    expect(missing.json.error.fields.message).toBe('invalid_type');

    const unknown = await t.call('feedback-submit', { cookie: u.cookie, body: unchecked({ category: 'praise', message: 'Hi' }) });
    expect(unknown.json.error.fields.category).toBe('invalid_value');

    const long = await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect(long.json.error.fields.message).toBe('too_long');
    // 1000 characters after trimming is fine.
    expect((await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: ` ${'x'.repeat(1000)} ` } })).status).toBe(200);

    const email = await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: 'Hello', email: 'not-an-address' } });
    expect(email.json.error.fields.email).toBe('invalid_format');

    const nul = await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: 'a\u0000b' } });
    expect(nul.status).toBe(400);
  });

  it('is rate limited to 5 an hour per person, with Retry-After', async () => {
    const u = await t.signUp();
    for (let i = 0; i < 5; i++) {
      expect((await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: `note ${i}` } })).status).toBe(200);
    }
    const sixth = await t.call('feedback-submit', { cookie: u.cookie, body: { category: 'other', message: 'one more' } });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe('rate_limited');
    expect(Number(sixth.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held up.
    const other = await t.signUp();
    expect((await t.call('feedback-submit', { cookie: other.cookie, body: { category: 'other', message: 'hello' } })).status).toBe(200);
  });

  it('the inbox pages newest first', async () => {
    const all = await t.call('admin-feedback-list', { cookie: admin.cookie, body: { pageSize: 3 } });
    expect(all.json.entries).toHaveLength(3);
    const times = all.json.entries.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const next = await t.call('admin-feedback-list', { cookie: admin.cookie, body: { pageSize: 3, page: 1 } });
    expect(next.json.entries[0].id).not.toBe(all.json.entries[0].id);
    expect(next.json.total).toBe(all.json.total);
  });
});
