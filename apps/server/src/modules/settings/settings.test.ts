import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSettingsResultSchema } from '@curio/contract';
import { pngBytes } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

/** settings-get and settings-update as a whole: the spec's defaults, saving, refusals, the block list (spec part 2 §3, §7, §9). */
let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  photo = await pngBytes(120, 120);
});
afterAll(() => t.close());

const get = async (u: U) => {
  const r = await t.call('settings-get', { cookie: u.cookie });
  expect(r.status).toBe(200);
  return userSettingsResultSchema.parse(r.json);
};
const update = (u: U, body: Record<string, unknown>) => t.call('settings-update', { cookie: u.cookie, body });
const block = (u: U, target: U, blocked = true) => t.call('user-block-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, blocked } });

/** An avatar the user uploaded and set on their profile; answers its image id. */
async function withAvatar(u: U) {
  const signed = await t.call('uploads-sign', { cookie: u.cookie, body: { kind: 'avatar', fileName: 'me.png', contentType: 'image/png' } });
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const res = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie: u.cookie, origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(200);
  const imageId = signed.json.imageId as string;
  expect((await t.call('profile-update', { cookie: u.cookie, body: { avatarImageId: imageId } })).status).toBe(200);
  return imageId;
}

describe('settings', () => {
  it('start at the spec’s defaults', async () => {
    const u = await t.onboardedUser();
    expect(await get(u)).toEqual({
      settings: { include_nsfw: false, allow_dms: 'everyone', analytics_opt_out: false },
      profilePublic: true,
      blockedUsers: [],
    });
  });

  it('save what is sent, keep the rest, and read back the saved values', async () => {
    const u = await t.onboardedUser();
    const all = await update(u, { includeNSFW: true, allowDMs: 'followed_only', profilePublic: false, analyticsOptOut: true });
    expect(all.status).toBe(200);
    const saved = {
      settings: { include_nsfw: true, allow_dms: 'followed_only', analytics_opt_out: true },
      profilePublic: false,
      blockedUsers: [],
    };
    expect(all.json).toEqual(saved);
    expect(await get(u)).toEqual(saved);
    // Explore sends only includeNSFW: nothing else moves.
    expect((await update(u, { includeNSFW: false })).status).toBe(200);
    expect(await get(u)).toEqual({ ...saved, settings: { ...saved.settings, include_nsfw: false } });
    // An empty update changes nothing and answers the settings.
    expect((await update(u, {})).json).toEqual({ ...saved, settings: { ...saved.settings, include_nsfw: false } });
    // And back.
    await update(u, { allowDMs: 'everyone', profilePublic: true, analyticsOptOut: false });
    expect(await get(u)).toEqual({ settings: { include_nsfw: false, allow_dms: 'everyone', analytics_opt_out: false }, profilePublic: true, blockedUsers: [] });
  });

  it('refuse bad input with a 400 envelope and save nothing of it', async () => {
    const u = await t.onboardedUser();
    const nobody = await update(u, { allowDMs: 'nobody', includeNSFW: true });
    expect(nobody.status).toBe(400);
    expect(nobody.json.error).toMatchObject({ code: 'validation_failed', message: expect.any(String), fields: { allowDMs: expect.any(String) } });
    const notBoolean = await update(u, { includeNSFW: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.json.error.fields).toHaveProperty('includeNSFW');
    expect((await update(u, { profilePublic: null })).status).toBe(400);
    expect((await get(u)).settings).toEqual({ include_nsfw: false, allow_dms: 'everyone', analytics_opt_out: false });
  });

  it('are only for the signed-in user', async () => {
    for (const name of ['settings-get', 'settings-update'] as const) {
      const r = await t.call(name, { body: name === 'settings-update' ? { includeNSFW: true } : {} });
      expect(r.status).toBe(401);
      expect(r.json.error.code).toBe('unauthorized');
    }
    const bogus = await t.call('settings-get', { cookie: 'better-auth.session_token=not-a-session' });
    expect(bogus.status).toBe(401);
  });

  it('list the people the user blocked with their profiles, newest first, and not those who blocked the user', async () => {
    const u = await t.onboardedUser();
    const first = await t.onboardedUser();
    const second = await t.onboardedUser();
    const blocker = await t.onboardedUser();
    const avatar = await withAvatar(second);
    await t.call('profile-update', { cookie: first.cookie, body: { displayName: 'First Person' } });
    await block(u, first);
    await block(u, second);
    await block(blocker, u);
    expect((await get(u)).blockedUsers).toEqual([
      { blocked_id: second.userId, profiles: { display_name: 'Test Collector', handle: second.handle, avatar_image_id: avatar } },
      { blocked_id: first.userId, profiles: { display_name: 'First Person', handle: first.handle, avatar_image_id: null } },
    ]);
    // The blocked person's own list holds nobody; the blocker's holds the user.
    expect((await get(first)).blockedUsers).toEqual([]);
    expect((await get(blocker)).blockedUsers.map((b) => b.blocked_id)).toEqual([u.userId]);
    // settings-update answers the list too; unblocking takes the person off it.
    expect((await update(u, { includeNSFW: true })).json.blockedUsers).toHaveLength(2);
    await block(u, second, false);
    expect((await get(u)).blockedUsers.map((b) => b.blocked_id)).toEqual([first.userId]);
  });
});
