import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';

/**
 * PostgreSQL cannot store U+0000, and an unpaired surrogate is not Unicode: both used to reach the
 * database and answer 500. Every function refuses them in its input schema with a 400 envelope.
 */
let t: TestApp;
let u: { cookie: string; userId: string };
let itemId: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'root@example.com' });
  u = await t.onboardedUser();
  const item = await t.call('items-create', { cookie: u.cookie, body: { title: 'Tin robot' } });
  itemId = item.json.item.id;
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => t.app.request(`${TEST_ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
/** Sends the JSON text as written, so `\u0000` and `\ud800` escapes reach the server as they are. */
const post = (name: string, json: string, cookie?: string) =>
  t.app.request(`${TEST_ORIGIN}/functions/v1/${name}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: json,
  });

async function expectRefused(res: Response, field: string, code = 'unsafe_text') {
  const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
  expect(res.status).toBe(400);
  expect(body.error.code).toBe('validation_failed');
  // The field itself, or a part of it (`tags.1`, a key inside `props`).
  const hits = Object.entries(body.error.fields ?? {}).filter(([k]) => k === field || k.startsWith(`${field}.`));
  expect(hits.map(([, v]) => v)).toContain(code);
}

describe('GET reads, guests included', () => {
  it('explore-list?tag=a%00b', async () => {
    await expectRefused(await get('/functions/v1/explore-list?tag=a%00b'), 'tag');
  });
  it('mentions-search?q=a%00', async () => {
    await expectRefused(await get('/functions/v1/mentions-search?q=a%00', u.cookie), 'q');
  });
  it('comments-list with a NUL in the cursor', async () => {
    await expectRefused(await get(`/functions/v1/comments-list?itemId=${itemId}&cursor=%00`), 'cursor');
  });
  it('bytes that are not UTF-8 in a query are read as text, never a 500', async () => {
    for (const q of ['%FF', '%ED%A0%80', '%', '%E4%B8']) {
      const res = await get(`/functions/v1/explore-list?tag=${q}`);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('POST writes', () => {
  it('analytics-track with a lone surrogate in props (guest), at any depth, and in a key', async () => {
    await expectRefused(await post('analytics-track', '{"name":"page_view","props":{"ref":"\\ud800"}}'), 'props');
    await expectRefused(await post('analytics-track', '{"name":"page_view","props":{"a":[{"b":"x\\u0000"}]}}'), 'props');
    await expectRefused(await post('analytics-track', '{"name":"page_view","props":{"\\udc00":1}}'), 'props');
    await expectRefused(await post('analytics-track', '{"name":"page_view","path":"/\\u0000"}'), 'path');
  });

  it('analytics-track with props nested past any sensible depth answers 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    await expectRefused(await post('analytics-track', `{"name":"page_view","props":{"x":${deep}}}`), 'props', 'invalid_value');
  });

  it('items-create, items-update, comments-create, comments-report, onboarding-complete, uploads-sign', async () => {
    await expectRefused(await post('items-create', '{"title":"a\\u0000b"}', u.cookie), 'title');
    await expectRefused(await post('items-create', '{"title":"ok","tags":"robots, \\ud83e"}', u.cookie), 'tags');
    await expectRefused(await post('items-update', `{"itemId":"${itemId}","title":"\\udc00","nsfw":false}`, u.cookie), 'title');
    await expectRefused(await post('comments-create', `{"itemId":"${itemId}","body":"hi \\u0000"}`, u.cookie), 'body');
    await expectRefused(await post('onboarding-complete', '{"handle":"abc_def","displayName":"\\ud800 name"}', u.cookie), 'displayName');
    await expectRefused(await post('uploads-sign', '{"kind":"photo","fileName":"a\\u0000.jpg","contentType":"image/jpeg"}', u.cookie), 'fileName');
  });

  it('still stores ordinary text with emoji (surrogate pairs) and Chinese', async () => {
    const res = await post('items-create', '{"title":"\\ud83e\\udd16 机器人","tags":"玩具"}', u.cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { item: { title: string } }).item.title).toBe('🤖 机器人');
    expect((await post('analytics-track', '{"name":"page_view","props":{"ref":"🤖"}}')).status).toBe(200);
  });

  it('a raw NUL byte or a broken body is invalid JSON: 400', async () => {
    for (const body of ['{"title":"a\u0000b"}', '{"title":', '\ud800', '{"title":"\\ud800']) {
      const res = await post('items-create', body, u.cookie);
      expect(res.status).toBe(400);
    }
  });

  it('a signed upload link with a NUL in it answers 404, not 500', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'a.png');
    const res = await t.app.request(`${TEST_ORIGIN}/storage/v1/upload/%00`, { method: 'POST', headers: { cookie: u.cookie, origin: TEST_ORIGIN }, body: form });
    expect(res.status).toBe(404);
  });
});

describe('admin inputs', () => {
  it('admin-invites-create refuses a NUL in its notes', async () => {
    const admin = await t.signInByMagicLink('root@example.com');
    await expectRefused(await post('admin-invites-create', '{"count":1,"notes":"batch \\u0000"}', admin.cookie), 'notes');
  });

  it('admin-user-update and admin-credits-grant refuse a NUL or a lone surrogate in the user id', async () => {
    const admin = await t.signInByMagicLink('root@example.com');
    await expectRefused(await post('admin-user-update', '{"userId":"a\\u0000b","tester":true}', admin.cookie), 'userId');
    await expectRefused(await post('admin-credits-grant', '{"userId":"\\ud800","amount":1,"reason":"gift"}', admin.cookie), 'userId');
  });
});
