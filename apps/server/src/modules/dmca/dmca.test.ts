import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DMCA_ACTIONS, DMCA_REFERENCE_PATTERN, DMCA_STATUSES, type DmcaAction, type DmcaStatus } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp(
    { TRUST_PROXY: 'true', ADMIN_EMAILS: 'admin@example.com', OPERATOR_EMAILS: 'legal@example.com, ops@example.com', EXPLORE_SNAPSHOT_SECONDS: '6' },
    { generator: stubGenerator() },
  );
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

async function published(u: U, title: string) {
  return t.publish(u.cookie, photo, { title, tags: 'dmca-test', place: true });
}

const notice = (over: Record<string, unknown> = {}) => ({
  claimantName: 'Ada Artist',
  claimantEmail: 'ada@example.com',
  claimantAddress: '1 Studio Lane',
  claimantPhone: '',
  signature: 'Ada Artist',
  workDescription: 'My photograph "Tin robot at dusk" (2024).',
  originalUrls: 'https://ada.example/robot\n\n  https://ada.example/robot-2  \n',
  infringingUrls: '',
  goodFaith: true,
  perjury: true,
  ...over,
});

let moderator: { cookie: string };
async function mod() {
  if (moderator) return moderator;
  const u = await t.signUp(`mod${Date.now()}@example.com`);
  await t.services.roles.grantByEmail(u.email, 'moderator');
  moderator = u;
  return u;
}

async function file(over: Record<string, unknown> = {}) {
  const r = await t.call('dmca-submit', { body: notice(over), headers: { 'x-forwarded-for': String(Math.random()) } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.id as string;
}

describe('dmca-submit', () => {
  it('files a notice for a guest and answers a reference a person can quote', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Copied robot');
    const r = await t.call('dmca-submit', {
      body: notice({ infringingItemUrl: `${TEST_ORIGIN}/i/${item.id}?from=explore` }),
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(r.status).toBe(200);
    expect(r.json.id).toMatch(DMCA_REFERENCE_PATTERN);
    const got = await t.call('mod-dmca-get', { cookie: (await mod()).cookie, body: { id: r.json.id } });
    expect(got.json.notice).toMatchObject({
      id: r.json.id,
      status: 'open',
      claimantName: 'Ada Artist',
      claimantAddress: '1 Studio Lane',
      claimantPhone: null,
      originalUrls: ['https://ada.example/robot', 'https://ada.example/robot-2'],
      infringingItemId: item.id,
      infringingUrls: [`${TEST_ORIGIN}/i/${item.id}?from=explore`],
      itemTitle: 'Copied robot',
      goodFaith: true,
      perjury: true,
    });
    expect(got.json.item).toMatchObject({ id: item.id, title: 'Copied robot', hidden: false, imageId: item.imageId, owner: { handle: owner.handle } });
    expect(got.json.item.photos).toEqual([{ imageId: item.photoImageId, role: 'front' }]);
  });

  it('mails the notice to every operator address and a receipt with the reference to the claimant', async () => {
    const id = await file({ infringingUrls: 'https://elsewhere.example/copy', claimantEmail: 'receipt@example.com' });
    const toOps = t.mails.filter((m) => m.subject.includes(id) && (m.to === 'legal@example.com' || m.to === 'ops@example.com'));
    expect(toOps.map((m) => m.to).sort()).toEqual(['legal@example.com', 'ops@example.com']);
    expect(toOps[0]!.text).toContain('https://elsewhere.example/copy');
    expect(toOps[0]!.text).toContain(`/mod?tab=dmca&id=${id}`);
    const receipt = t.mails.find((m) => m.to === 'receipt@example.com');
    expect(receipt?.subject).toContain(id);
    expect(receipt?.text).toContain(id);
    expect(receipt?.html).not.toContain('<script');
  });

  it.each([
    ['both confirmations', { perjury: false }, 'goodFaith', 'required'],
    ['an infringing URL', { infringingUrls: '\n \n' }, 'infringingUrls', 'required'],
    ['a name', { claimantName: '   ' }, 'claimantName', 'required'],
    ['an email', { claimantEmail: '' }, 'claimantEmail', 'required'],
    ['a valid email', { claimantEmail: 'not-an-address' }, 'claimantEmail', 'invalid_format'],
    ['a description of the work', { workDescription: '' }, 'workDescription', 'required'],
    ['a signature', { signature: ' ' }, 'signature', 'required'],
    ['http(s) addresses', { infringingUrls: 'https://ok.example\njavascript:alert(1)' }, 'infringingUrls', 'invalid_format'],
    ['an item page address', { infringingItemUrl: 'https://curio.example/u/someone' }, 'infringingItemUrl', 'invalid_format'],
  ])('requires %s', async (_what, over, field, code) => {
    const r = await t.call('dmca-submit', {
      body: notice({ infringingUrls: 'https://copy.example/a', ...over }),
      headers: { 'x-forwarded-for': String(Math.random()) },
    });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('validation_failed');
    expect(r.json.error.fields[field]).toBe(code);
  });

  it('takes the item id from an /i/{id} address and keeps the notice when the item is gone', async () => {
    const gone = '0b6f8a52-3c1e-4b7a-9a57-2d9d1f0c0e11';
    const id = await file({ infringingItemUrl: `https://curio.example/i/${gone}` });
    const got = await t.call('mod-dmca-get', { cookie: (await mod()).cookie, body: { id } });
    expect(got.json.notice.infringingItemId).toBeNull();
    expect(got.json.notice.infringingUrls).toEqual([`https://curio.example/i/${gone}`]);
    expect(got.json.item).toBeNull();
  });

  it('is rate-limited per guest', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.50' };
    let last = 200;
    for (let i = 0; i < 7 && last === 200; i++)
      last = (await t.call('dmca-submit', { body: notice({ infringingUrls: 'https://copy.example/b' }), headers })).status;
    expect(last).toBe(429);
    // Another guest is not held back.
    expect(
      (await t.call('dmca-submit', { body: notice({ infringingUrls: 'https://copy.example/b' }), headers: { 'x-forwarded-for': '203.0.113.51' } })).status,
    ).toBe(200);
  });
});

describe('mod-dmca-*', () => {
  it('are refused for guests (401) and plain users (403)', async () => {
    const user = await t.onboardedUser();
    for (const [name, body] of [
      ['mod-dmca-list', {}],
      ['mod-dmca-get', { id: 'DMCA-AAAAAAAA' }],
      ['mod-dmca-act', { id: 'DMCA-AAAAAAAA', action: 'dismiss', note: 'x' }],
    ] as const) {
      expect((await t.call(name, { body })).status).toBe(401);
      expect((await t.call(name, { cookie: user.cookie, body })).status).toBe(403);
    }
  });

  it('lists notices filtered by status with counts per status', async () => {
    const a = await file({ infringingUrls: 'https://copy.example/list-a' });
    const b = await file({ infringingUrls: 'https://copy.example/list-b' });
    const m = await mod();
    await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: b, action: 'dismiss', note: 'Not our site' } });
    const open = await t.call('mod-dmca-list', { cookie: m.cookie, body: { status: 'open' } });
    expect(open.json.notices.map((n: any) => n.id)).toContain(a);
    expect(open.json.notices.map((n: any) => n.id)).not.toContain(b);
    expect(open.json.notices.every((n: any) => n.status === 'open')).toBe(true);
    const all = await t.call('mod-dmca-list', { cookie: m.cookie, body: {} });
    expect(all.json.counts.open).toBe(open.json.notices.length);
    expect(all.json.counts.dismissed).toBeGreaterThanOrEqual(1);
    expect((await t.call('mod-dmca-get', { cookie: m.cookie, body: { id: 'DMCA-ZZZZZZZZ' } })).status).toBe(404);
  });

  it('needinfo mails the note to the claimant, may be repeated, and is recorded', async () => {
    const id = await file({ infringingUrls: 'https://copy.example/needinfo', claimantEmail: 'needinfo@example.com' });
    const m = await mod();
    const r = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id, action: 'needinfo', note: 'Which photograph is copied?' } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.notice.status).toBe('needinfo');
    expect(r.json.action).toMatchObject({ action: 'needinfo', note: 'Which photograph is copied?', targetType: 'dmca', targetId: id, dmcaId: id });
    const mail = t.mails.find((x) => x.to === 'needinfo@example.com' && x.subject.includes('more information'));
    expect(mail?.text).toContain('Which photograph is copied?');
    const again = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id, action: 'needinfo', note: 'Still waiting' } });
    expect(again.json.notice.status).toBe('needinfo');
    const resolved = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id, action: 'resolve', note: 'Claimant withdrew' } });
    expect(resolved.json.notice.status).toBe('resolved');
    const got = await t.call('mod-dmca-get', { cookie: m.cookie, body: { id } });
    expect(got.json.actions.map((a: any) => a.action)).toEqual(['resolve', 'needinfo', 'needinfo']);
  });

  it('refuses every action on a closed notice and anything but resolve on a hidden one', async () => {
    const m = await mod();
    const dismissed = await file({ infringingUrls: 'https://copy.example/closed' });
    expect((await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: dismissed, action: 'dismiss', note: 'No' } })).json.notice.status).toBe('dismissed');
    for (const action of ['hide', 'needinfo', 'dismiss', 'resolve'] as const) {
      const r = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: dismissed, action, note: 'Again' } });
      expect(r.status).toBe(409);
      expect(r.json.error).toMatchObject({ code: 'moderation_state', message: 'This DMCA notice has already been closed' });
    }
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Twice noticed');
    const hidden = await file({ infringingItemUrl: `${TEST_ORIGIN}/i/${item.id}` });
    expect((await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: hidden, action: 'hide', note: 'Valid notice' } })).json.notice.status).toBe('hidden');
    for (const action of ['hide', 'needinfo', 'dismiss'] as const) {
      expect((await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: hidden, action, note: 'Again' } })).status).toBe(409);
    }
    const r = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: hidden, action: 'resolve', note: 'Done' } });
    expect(r.json.notice.status).toBe('resolved');
    // The item stays hidden after the notice is resolved.
    expect((await t.call('item-get', { body: { itemId: item.id } })).json.access).toBe('removed');
    // A note is required, and a notice without an item on this site cannot hide anything.
    const noItem = await file({ infringingUrls: 'https://copy.example/no-item' });
    expect((await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: noItem, action: 'hide', note: ' ' } })).status).toBe(400);
    const refused = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id: noItem, action: 'hide', note: 'Try' } });
    expect(refused.status).toBe(400);
    expect((await t.call('mod-dmca-get', { cookie: m.cookie, body: { id: noItem } })).json.notice.status).toBe('open');
  });
});

describe('every DMCA transition (status × action)', () => {
  // docs/decisions.md "DMCA transitions": open or needinfo take every action; hidden only resolve;
  // dismissed and resolved are final. A refusal is a 409 `moderation_state` that changes nothing.
  const CLOSED = 'This DMCA notice has already been closed';
  const NOT_NOW = 'This action is not available for a notice in this state';
  type Outcome = { to: DmcaStatus } | { refused: string };
  const fromOpen: Record<DmcaAction, Outcome> = {
    hide: { to: 'hidden' },
    needinfo: { to: 'needinfo' },
    dismiss: { to: 'dismissed' },
    resolve: { to: 'resolved' },
  };
  const closed: Record<DmcaAction, Outcome> = {
    hide: { refused: CLOSED },
    needinfo: { refused: CLOSED },
    dismiss: { refused: CLOSED },
    resolve: { refused: CLOSED },
  };
  const TABLE: Record<DmcaStatus, Record<DmcaAction, Outcome>> = {
    open: fromOpen,
    needinfo: fromOpen,
    hidden: { hide: { refused: NOT_NOW }, needinfo: { refused: NOT_NOW }, dismiss: { refused: NOT_NOW }, resolve: { to: 'resolved' } },
    dismissed: closed,
    resolved: closed,
  };
  /** The action that brings a new (open) notice to each status. */
  const REACH: Record<Exclude<DmcaStatus, 'open'>, DmcaAction> = { needinfo: 'needinfo', hidden: 'hide', dismissed: 'dismiss', resolved: 'resolve' };
  const cases = DMCA_STATUSES.flatMap((from) =>
    DMCA_ACTIONS.map((action) => {
      const outcome = TABLE[from][action];
      return [from, action, 'to' in outcome ? outcome.to : '409 moderation_state', outcome] as const;
    }),
  );

  it('covers every status and action of the contract', () => {
    expect(cases).toHaveLength(DMCA_STATUSES.length * DMCA_ACTIONS.length);
  });

  it.each(cases)('%s + %s → %s', async (from, action, _label, outcome) => {
    const m = await mod();
    const owner = await t.onboardedUser();
    const item = await published(owner, `Noticed ${from} ${action}`);
    const claimant = `transition-${from}-${action}-${Date.now()}@example.com`;
    const id = await file({ infringingItemUrl: `${TEST_ORIGIN}/i/${item.id}`, claimantEmail: claimant });
    const act = (a: DmcaAction, note: string) => t.call('mod-dmca-act', { cookie: m.cookie, body: { id, action: a, note } });
    if (from !== 'open') {
      const setup = await act(REACH[from], 'Bringing the notice to its starting status');
      expect(setup.json.notice?.status, JSON.stringify(setup.json)).toBe(from);
    }
    const get = async () => (await t.call('mod-dmca-get', { cookie: m.cookie, body: { id } })).json;
    const claimantMails = () => t.mails.filter((x) => x.to === claimant).map((x) => x.subject);
    const takedownNotes = async () =>
      ((await t.call('notifications-list', { cookie: owner.cookie, body: {} })).json.notifications as { kind: string }[]).filter(
        (n) => n.kind === 'item_hidden',
      ).length;
    const before = { actions: (await get()).actions.length, mails: claimantMails().length, notes: await takedownNotes() };

    const r = await act(action, 'The action under test');
    const after = await get();
    const newMails = claimantMails().slice(0, claimantMails().length - before.mails);
    if ('to' in outcome) {
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.notice).toMatchObject({ id, status: outcome.to });
      expect(r.json.action).toMatchObject({
        action,
        note: 'The action under test',
        dmcaId: id,
        // A hide acts on the item (it shows in the item's history); the rest on the notice.
        ...(action === 'hide' ? { targetType: 'item', targetId: item.id } : { targetType: 'dmca', targetId: id }),
      });
      expect(after.notice.status).toBe(outcome.to);
      expect(after.actions).toHaveLength(before.actions + 1);
      expect(after.actions[0]).toMatchObject({ action, note: 'The action under test' });
    } else {
      expect(r.status, JSON.stringify(r.json)).toBe(409);
      expect(r.json.error).toMatchObject({ code: 'moderation_state', message: outcome.refused });
      expect(after.notice.status).toBe(from);
      expect(after.actions).toHaveLength(before.actions);
    }

    // The item: taken down (DMCA) by an accepted hide, and it stays so; nothing else changes it.
    const takenDown = from === 'hidden' || (action === 'hide' && 'to' in outcome);
    expect(after.item).toMatchObject({ id: item.id, hidden: takenDown, hiddenSource: takenDown ? 'dmca' : null });
    expect((await t.call('item-get', { body: { itemId: item.id } })).json.access).toBe(takenDown ? 'removed' : 'visible');
    // The claimant hears of a need-info and of a takedown, of nothing else; a refusal mails nothing.
    const mailed = 'to' in outcome && action === 'needinfo' ? 'more information needed' : 'to' in outcome && action === 'hide' ? 'material removed' : null;
    expect(newMails).toHaveLength(mailed ? 1 : 0);
    if (mailed) expect(newMails[0]).toContain(mailed);
    // The owner hears of a takedown once, when it happens.
    expect(await takedownNotes()).toBe(before.notes + (action === 'hide' && 'to' in outcome ? 1 : 0));
  });
});

describe('a DMCA takedown reaches every copy', () => {
  it('hides the item everywhere for others at once, while its owner (and admins) see it with the DMCA state', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Taken down robot');
    const fan = await t.onboardedUser();
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item.id } });
    const explore = async () =>
      (await t.call('explore-list', { body: { sort: 'new', tag: 'dmca-test', includeNSFW: false } })).json.items.map((c: any) => c.itemId);
    const profile = async (cookie?: string) => {
      const p = (await t.call('profile-get', { cookie, body: { handle: owner.handle } })).json;
      return [...(p.shelf?.placed ?? []), ...(p.shelf?.overflow ?? [])].map((i: any) => i.id);
    };
    // Visible everywhere first. Explore's ranking is cached per 6-second window: start a fresh one, so
    // that the hide below falls in the same window and only the invalidation can take the item out.
    await new Promise((r) => setTimeout(r, 6000 - (Date.now() % 6000) + 50));
    expect(await explore()).toContain(item.id);
    expect((await t.call('saves-list', { cookie: fan.cookie })).json.items.map((i: any) => i.itemId)).toContain(item.id);
    expect(await profile(fan.cookie)).toContain(item.id);
    const before = await t.request(`/img/${item.imageId}/thumb`);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = before.headers.get('etag')!;

    const id = await file({ infringingItemUrl: `${TEST_ORIGIN}/i/${item.id}` });
    const m = await mod();
    const r = await t.call('mod-dmca-act', { cookie: m.cookie, body: { id, action: 'hide', note: 'Valid notice' } });
    expect(r.status).toBe(200);
    expect(r.json.notice.status).toBe('hidden');
    expect(r.json.action).toMatchObject({ action: 'hide', targetType: 'item', targetId: item.id, dmcaId: id, targetLabel: 'Taken down robot' });
    expect(t.mails.some((x) => x.to === 'ada@example.com' && x.subject.includes('material removed') && x.subject.includes(id))).toBe(true);
    // The owner is told of the takedown; the item's page explains it.
    const ownerNotes = (await t.call('notifications-list', { cookie: owner.cookie, body: {} })).json.notifications as {
      kind: string;
      ref_id: string;
      itemTitle: string | null;
    }[];
    expect(ownerNotes.filter((n) => n.kind === 'item_hidden')).toEqual([expect.objectContaining({ ref_id: item.id, itemTitle: 'Taken down robot' })]);

    // Others: gone from explore (despite the cached snapshot), saves and the profile; the page says removed (DMCA).
    expect(await explore()).not.toContain(item.id);
    expect((await t.call('saves-list', { cookie: fan.cookie })).json.items.map((i: any) => i.itemId)).not.toContain(item.id);
    expect(await profile(fan.cookie)).not.toContain(item.id);
    expect(await profile()).not.toContain(item.id);
    const asGuest = await t.call('item-get', { body: { itemId: item.id } });
    expect(asGuest.json).toMatchObject({ access: 'removed', item: { hidden: true, hiddenSource: 'dmca' } });
    expect((await t.call('item-get', { cookie: fan.cookie, body: { itemId: item.id } })).json.access).toBe('removed');

    // Its images: 451 to guests and strangers (also on revalidation), never cacheable.
    for (const [url, cookie] of [
      [`/img/${item.imageId}/thumb`, undefined],
      [`/img/${item.imageId}/public`, fan.cookie],
      [`/img/${item.photoImageId}/thumb`, undefined],
    ] as const) {
      const res = await t.request(url, { cookie });
      expect(res.status).toBe(451);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await t.request(`/img/${item.imageId}/thumb`, { headers: { 'if-none-match': etag } })).status).toBe(451);

    // The owner sees it with the DMCA banner state; owner, admins and moderators get the images, privately.
    const own = await t.call('item-get', { cookie: owner.cookie, body: { itemId: item.id } });
    expect(own.json).toMatchObject({ access: 'visible', item: { hidden: true, hiddenSource: 'dmca', title: 'Taken down robot' }, viewer: { isOwner: true } });
    expect(await profile(owner.cookie)).toContain(item.id);
    const admin = await t.signInByMagicLink('admin@example.com');
    expect((await t.call('item-get', { cookie: admin.cookie, body: { itemId: item.id } })).json).toMatchObject({
      access: 'visible',
      viewer: { isAdmin: true },
    });
    for (const cookie of [owner.cookie, admin.cookie, m.cookie]) {
      const res = await t.request(`/img/${item.imageId}/thumb`, { cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('answers 404 (not 451) for images of an item hidden after a report, and serves them privately to its owner, admins and moderators', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Reported robot');
    const before = await t.request(`/img/${item.imageId}/thumb`);
    expect(before.status).toBe(200);
    const etag = before.headers.get('etag')!;
    const reporter = await t.onboardedUser();
    const reportId = (await t.call('item-report', { cookie: reporter.cookie, body: { itemId: item.id, reason: 'spam' } })).json.reportId as string;
    const m = await mod();
    const hid = await t.call('mod-report-act', { cookie: m.cookie, body: { reportId, action: 'hide', note: 'Spam' } });
    expect(hid.status, JSON.stringify(hid.json)).toBe(200);
    expect((await t.call('item-get', { body: { itemId: item.id } })).json).toMatchObject({ access: 'removed', item: { hiddenSource: 'other' } });

    // Guests and other users (the reporter too): 404, never 451, never cacheable; also on revalidation.
    for (const [url, cookie] of [
      [`/img/${item.imageId}/thumb`, undefined],
      [`/img/${item.imageId}/public`, reporter.cookie],
      [`/img/${item.photoImageId}/thumb`, undefined],
      [`/img/${item.photoImageId}/public`, reporter.cookie],
    ] as const) {
      const res = await t.request(url, { cookie });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const revalidated = await t.request(`/img/${item.imageId}/thumb`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(404);
    expect(revalidated.headers.get('cache-control')).toBe('private, no-store');

    // Its owner, admins and moderators get them, privately (never public, never immutable).
    const admin = await t.signInByMagicLink('admin@example.com');
    for (const cookie of [owner.cookie, admin.cookie, m.cookie]) {
      for (const imageId of [item.imageId, item.photoImageId]) {
        const res = await t.request(`/img/${imageId}/thumb`, { cookie });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it('answers 404 (not 451) for images of items hidden otherwise or of private profiles, and keeps avatars immutable', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Private robot');
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    const res = await t.request(`/img/${item.imageId}/thumb`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const own = await t.request(`/img/${item.imageId}/thumb`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const loose = await t.upload(owner.cookie, photo);
    expect((await t.request(`/img/${loose.imageId}/thumb`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
