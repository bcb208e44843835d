import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { WANTED_LIMITS } from '@curio/contract';
import { profiles, wantedEntries } from '../../db/schema';
import { pngBytes } from '../../test/images';
import { createTestApp, unchecked, type TestApp } from '../../test/harness';
import { QUEUES } from '../jobs/jobs';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const create = (u: U, body: Record<string, unknown>) => t.call('wanted-create', { cookie: u.cookie, body: { title: 'Tin robot', ...body } });
const listOf = async (handle: string | undefined, cookie?: string) =>
  t.call('wanted-list', { ...(cookie ? { cookie } : {}), body: handle === undefined ? {} : { handle } });

describe('wanted list: writes', () => {
  it('creates an entry with its facts, note and visibility, trimmed, and lists it to its owner', async () => {
    const u = await t.onboardedUser();
    const r = await create(u, {
      title: '  Robby the Robot  ',
      facts: { maker: ' Masudaya ', year: 1985, edition: { number: 12, of: 500 }, condition: 'mint_in_box', barcode: '4 901234-567894' },
      note: '  Boxed only  ',
      public: true,
    });
    expect(r.status).toBe(200);
    expect(r.json.entry).toMatchObject({
      title: 'Robby the Robot',
      note: 'Boxed only',
      public: true,
      imageId: null,
      facts: { maker: 'Masudaya', line: null, year: 1985, edition: { number: 12, of: 500 }, condition: 'mint_in_box', barcode: '4901234567894' },
    });
    const own = await listOf(undefined, u.cookie);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ access: 'visible', isOwner: true, owner: { handle: u.handle } });
    expect(own.json.entries.map((e: { id: string }) => e.id)).toEqual([r.json.entry.id]);
  });

  it('refuses bad input with field codes', async () => {
    const u = await t.onboardedUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', 'required'],
      [{ title: 'x'.repeat(WANTED_LIMITS.title + 1) }, 'title', 'too_long'],
      [{ note: 'x'.repeat(WANTED_LIMITS.note + 1) }, 'note', 'too_long'],
      [{ facts: { year: 1700 } }, 'facts.year', 'too_small'],
      [{ facts: { barcode: '12ab' } }, 'facts.barcode', 'invalid_format'],
      [{ facts: { condition: 'shiny' } }, 'facts.condition', 'invalid_value'],
      [{ public: 'yes' }, 'public', 'invalid_type'],
      [{ imageId: 'bad id!' }, 'imageId', 'invalid_format'],
    ];
    for (const [body, field, code] of cases) {
      const r = await t.call('wanted-create', { cookie: u.cookie, body: unchecked({ title: 'Robot', ...body }) });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.fields[field], JSON.stringify(body)).toBe(code);
    }
    expect((await listOf(undefined, u.cookie)).json.entries).toEqual([]);
  });

  it('takes a reference photo only from the caller’s own photo uploads', async () => {
    const u = await t.onboardedUser();
    const other = await t.onboardedUser();
    const mine = (await t.upload(u.cookie, photo)).imageId!;
    const theirs = (await t.upload(other.cookie, photo)).imageId!;
    const avatar = await t.avatar(u.cookie, photo);
    for (const imageId of [theirs, avatar, 'AAAAAAAAAAAAAAAA']) {
      const r = await create(u, { imageId });
      expect(r.status, imageId).toBe(400);
      expect(r.json.error.fields.imageId).toBe('invalid_value');
    }
    const ok = await create(u, { imageId: mine });
    expect(ok.status).toBe(200);
    expect(ok.json.entry.imageId).toBe(mine);
  });

  it('updates what is given and keeps the rest; only the owner may update or delete', async () => {
    const u = await t.onboardedUser();
    const other = await t.onboardedUser();
    const { entry } = (await create(u, { facts: { maker: 'Masudaya' }, note: 'First', public: false })).json;

    const updated = await t.call('wanted-update', { cookie: u.cookie, body: { id: entry.id, public: true, note: '' } });
    expect(updated.status).toBe(200);
    expect(updated.json.entry).toMatchObject({ title: 'Tin robot', note: null, public: true, facts: { maker: 'Masudaya' } });

    const facts = await t.call('wanted-update', { cookie: u.cookie, body: { id: entry.id, facts: { line: 'Space' } } });
    expect(facts.json.entry.facts).toMatchObject({ maker: null, line: 'Space' });

    expect((await t.call('wanted-update', { cookie: other.cookie, body: { id: entry.id, title: 'Mine now' } })).status).toBe(404);
    expect((await t.call('wanted-delete', { cookie: other.cookie, body: { id: entry.id } })).status).toBe(404);
    expect((await t.call('wanted-update', { body: { id: entry.id, title: 'Guest' } })).status).toBe(401);
    expect((await t.call('wanted-delete', { body: { id: entry.id } })).status).toBe(401);
    expect((await listOf(undefined, u.cookie)).json.entries[0].title).toBe('Tin robot');

    expect((await t.call('wanted-delete', { cookie: u.cookie, body: { id: entry.id } })).json).toEqual({ deleted: true });
    expect((await listOf(undefined, u.cookie)).json.entries).toEqual([]);
    expect((await t.call('wanted-delete', { cookie: u.cookie, body: { id: entry.id } })).status).toBe(404);
  });

  it('deleting an entry removes its reference photo', async () => {
    const u = await t.onboardedUser();
    const imageId = (await t.upload(u.cookie, photo)).imageId!;
    const { entry } = (await create(u, { imageId })).json;
    await t.call('wanted-delete', { cookie: u.cookie, body: { id: entry.id } });
    expect(await t.services.images.readMaster(imageId)).toBeNull();
  });

  it(`holds at most ${WANTED_LIMITS.entries} entries, with a clear error`, async () => {
    const u = await t.onboardedUser();
    const rows = Array.from({ length: WANTED_LIMITS.entries - 1 }, (_, i) => ({ userId: u.userId, title: `Robot ${i}`, facts: {} as never }));
    await t.database.db.insert(wantedEntries).values(rows);
    expect((await create(u, {})).status).toBe(200);
    const over = await create(u, {});
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('wanted_limit');
  });

  it('a guest has no list of their own', async () => {
    expect((await listOf(undefined)).status).toBe(401);
  });
});

describe('wanted list: who sees what', () => {
  async function withEntries() {
    const u = await t.onboardedUser();
    const shown = (await create(u, { title: 'Shown', public: true })).json.entry;
    const kept = (await create(u, { title: 'Kept', public: false })).json.entry;
    return { u, shown, kept };
  }

  it('others and guests see only the public entries of a public profile; the owner sees all', async () => {
    const { u, shown, kept } = await withEntries();
    const viewer = await t.onboardedUser();
    for (const cookie of [viewer.cookie, undefined]) {
      const r = await listOf(u.handle, cookie);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({ access: 'visible', isOwner: false, owner: { handle: u.handle, displayName: 'Test Collector' } });
      expect(r.json.entries.map((e: { id: string }) => e.id)).toEqual([shown.id]);
      expect(JSON.stringify(r.json)).not.toContain('Kept');
    }
    const own = await listOf(u.handle.toUpperCase(), u.cookie);
    expect(own.json.isOwner).toBe(true);
    expect(own.json.entries.map((e: { id: string }) => e.id)).toEqual([kept.id, shown.id]);
  });

  it('a private profile’s list is private to everyone but its owner', async () => {
    const { u } = await withEntries();
    await t.call('settings-update', { cookie: u.cookie, body: { profilePublic: false } });
    const viewer = await t.onboardedUser();
    for (const cookie of [viewer.cookie, undefined]) {
      expect((await listOf(u.handle, cookie)).json).toEqual({ access: 'private', owner: null, isOwner: false, entries: [] });
    }
    expect((await listOf(u.handle, u.cookie)).json.entries).toHaveLength(2);
  });

  it('a profile hidden by a moderator shows no list', async () => {
    const { u } = await withEntries();
    await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, u.userId));
    const viewer = await t.onboardedUser();
    for (const cookie of [viewer.cookie, undefined]) expect((await listOf(u.handle, cookie)).json.access).toBe('private');
  });

  it('a block either way hides the list', async () => {
    const { u } = await withEntries();
    const blocker = await t.onboardedUser();
    const blocked = await t.onboardedUser();
    await t.call('user-block-toggle', { cookie: blocker.cookie, body: { targetUserId: u.userId } });
    await t.call('user-block-toggle', { cookie: u.cookie, body: { targetUserId: blocked.userId } });
    expect((await listOf(u.handle, blocker.cookie)).json.access).toBe('private');
    expect((await listOf(u.handle, blocked.cookie)).json.access).toBe('private');
    // The owner still sees their own list.
    expect((await listOf(u.handle, u.cookie)).json.entries).toHaveLength(2);
  });

  it('a reference photo is served as its entry is seen: everyone’s when public on a public profile, else only its owner’s', async () => {
    const u = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    const imageId = (await t.upload(u.cookie, photo)).imageId!;
    const { entry } = (await create(u, { imageId, public: false })).json;
    const status = async (cookie?: string) => (await t.request(`/img/${imageId}/thumb`, cookie ? { cookie } : {})).status;
    expect(await status()).toBe(404);
    expect(await status(viewer.cookie)).toBe(404);
    expect(await status(u.cookie)).toBe(200);
    await t.call('wanted-update', { cookie: u.cookie, body: { id: entry.id, public: true } });
    expect(await status()).toBe(200);
    expect(await status(viewer.cookie)).toBe(200);
    await t.call('settings-update', { cookie: u.cookie, body: { profilePublic: false } });
    expect(await status(viewer.cookie)).toBe(404);
    expect(await status(u.cookie)).toBe(200);
  });

  it('an unknown handle is not found', async () => {
    expect((await listOf('nobody_here_at_all')).status).toBe(404);
  });

  it('the account’s export carries the whole list, private entries and reference photos too', async () => {
    const { u } = await withEntries();
    const imageId = (await t.upload(u.cookie, photo)).imageId!;
    await create(u, { title: 'With photo', imageId, facts: { maker: 'Masudaya' } });
    await t.call('account-export-request', { cookie: u.cookie, body: {} });
    await t.services.jobs.idle(QUEUES.accountExport.name);
    const status = await t.call('account-export-status', { cookie: u.cookie, body: {} });
    expect(status.json.export.state).toBe('ready');
    const res = await t.request(status.json.export.url, { cookie: u.cookie });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.wanted.map((w: { title: string }) => w.title)).toEqual(['Shown', 'Kept', 'With photo']);
    const withPhoto = data.wanted[2];
    expect(withPhoto).toMatchObject({ public: false, facts: { maker: 'Masudaya' } });
    expect(files[withPhoto.photo]?.byteLength).toBeGreaterThan(100);
  });
});
