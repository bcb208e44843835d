import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileGetResultSchema } from '@curio/contract';
import { pngBytes } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  photo = await pngBytes(300, 200);
});
afterAll(() => t.close());

/** Uploads an image through the signed upload with the given kind; answers its id. */
async function uploadAs(u: U, kind: 'avatar' | 'photo') {
  const signed = await t.call('uploads-sign', { cookie: u.cookie, body: { kind, fileName: 'me.png', contentType: 'image/png' } });
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const res = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie: u.cookie, origin: TEST_ORIGIN }, body: form });
  expect(res.status).toBe(200);
  return signed.json.imageId as string;
}
const update = (u: U, body: Record<string, unknown>) => t.call('profile-update', { cookie: u.cookie, body });

describe('profile-update', () => {
  it('changes only the fields sent', async () => {
    const u = await t.onboardedUser();
    const r = await update(u, { displayName: '  Ana Collector ', bio: 'Tin robots since 1998' });
    expect(r.status).toBe(200);
    expect(r.json.profile).toMatchObject({ handle: u.handle, displayName: 'Ana Collector', bio: 'Tin robots since 1998', public: true, avatarImageId: null });
    expect((await update(u, { bio: '' })).json.profile).toMatchObject({ displayName: 'Ana Collector', bio: null });
    expect((await update(u, { displayName: '' })).json.error.fields.displayName).toBe('required');
    expect((await update(u, { bio: 'x'.repeat(301) })).status).toBe(400);
    const other = await t.signUp();
    expect((await t.call('profile-update', { cookie: other.cookie, body: { displayName: 'No profile' } })).status).toBe(404);
  });

  it('sets an avatar the user uploaded as an avatar, and shows it on the profile', async () => {
    const u = await t.onboardedUser();
    const avatar = await uploadAs(u, 'avatar');
    expect((await update(u, { avatarImageId: avatar })).json.profile.avatarImageId).toBe(avatar);
    const seen = profileGetResultSchema.parse((await t.call('profile-get', { body: { handle: u.handle } })).json);
    expect(seen.access === 'visible' && seen.profile.avatarImageId).toBe(avatar);
    expect((await t.request(`/img/${avatar}/avatar`)).status).toBe(200);
    // A photo, someone else's avatar, or an unknown image is refused.
    const photoId = await uploadAs(u, 'photo');
    expect((await update(u, { avatarImageId: photoId })).json.error.fields.avatarImageId).toBe('invalid_value');
    const other = await t.onboardedUser();
    const theirs = await uploadAs(other, 'avatar');
    expect((await update(u, { avatarImageId: theirs })).status).toBe(400);
    expect((await update(u, { avatarImageId: 'unknownimage123' })).status).toBe(400);
    expect((await update(u, { avatarImageId: null })).json.profile.avatarImageId).toBeNull();
  });

  it('making a profile private hides it from others at once', { tags: ['postgres'] }, async () => {
    const u = await t.onboardedUser();
    expect((await update(u, { public: false })).json.profile.public).toBe(false);
    expect((await t.call('profile-get', { body: { handle: u.handle } })).json).toEqual({ access: 'private', handle: u.handle });
    expect((await t.call('settings-get', { cookie: u.cookie })).json.profilePublic).toBe(false);
  });
});

describe('profile-handle-change', () => {
  it('follows the onboarding rules and refuses a handle in use', async () => {
    const u = await t.onboardedUser();
    const other = await t.onboardedUser();
    const fresh = `n${Date.now().toString(36)}`;
    const r = await t.call('profile-handle-change', { cookie: u.cookie, body: { handle: fresh.toUpperCase() } });
    expect(r.json.profile.handle).toBe(fresh);
    expect((await t.call('profile-get', { body: { handle: fresh } })).status).toBe(200);
    expect((await t.call('profile-get', { body: { handle: u.handle } })).status).toBe(404);
    const taken = await t.call('profile-handle-change', { cookie: u.cookie, body: { handle: other.handle } });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({ code: 'handle_taken', fields: { handle: 'taken' } });
    const bad = await t.call('profile-handle-change', { cookie: u.cookie, body: { handle: 'no spaces!' } });
    expect(bad.json.error.fields.handle).toBe('invalid_format');
    // Keeping one's own handle is fine.
    expect((await t.call('profile-handle-change', { cookie: u.cookie, body: { handle: fresh } })).status).toBe(200);
  });

  it('gives a handle to one of two people asking for it at once', { tags: ['postgres'] }, async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const wanted = `w${Date.now().toString(36)}`;
    const results = await Promise.all([a, b].map((u) => t.call('profile-handle-change', { cookie: u.cookie, body: { handle: wanted } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
