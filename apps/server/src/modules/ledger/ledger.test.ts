import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVENTORY_COLUMNS, PAGE_ROOT_SLOT } from '@curio/contract';
import { untilNextSnapshot } from '../../test/snapshot';
import type { PageRenderer } from '../pages/page-renderer';
import { appPagesRouter } from '../pages/pages.routes';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { QUEUES } from '../jobs/jobs';

const ADMIN = 'ledger-admin@example.com';
const SECRET_NOTES = 'SECRET-LEDGER-7f3a';
const SECRET_STORAGE = 'VAULT-9';
const SECRET_SHOP = 'SHOP-QX-41';
const SECRET_PRICE = 98765.43;

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

let web: string;
beforeAll(async () => {
  // The web build's shell, for the server-rendered pages.
  web = mkdtempSync(path.join(os.tmpdir(), 'curio-ledger-web-'));
  for (const lng of ['en', 'zh-CN'])
    writeFileSync(
      path.join(web, `shell.${lng}.html`),
      `<!doctype html><html><head><title>Curio</title></head><body><div id="root">${PAGE_ROOT_SLOT}</div></body></html>`,
    );
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>Curio</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp(
    { ADMIN_EMAILS: ADMIN, COMMENT_INTERVAL_SECONDS: '0', STATIC_DIR: web, EXPLORE_SNAPSHOT_SECONDS: '1' },
    { generator: stubGenerator() },
  );
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const draft = async (u: U, title = 'Tin robot') => (await t.call('items-create', { cookie: u.cookie, body: { title, tags: 'robots' } })).json.item.id as string;
const ledgerOf = async (u: U, itemId: string) =>
  ((await t.call('collection-list', { cookie: u.cookie, body: {} })).json.items as { id: string; ledger: unknown }[]).find((i) => i.id === itemId)?.ledger;

/** A CSV text from rows of cells (quoted where needed). */
const csvOf = (rows: (string | number)[][]) =>
  rows.map((r) => r.map((c) => (/[",\n\r]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',')).join('\n');

// The ledger's update, its privacy and the import job run on PostgreSQL too (`npm run test:api:pg`): the update and
// the import's start take an advisory lock, the import and the data export run through the job queue (pg-boss), and
// the read paths include the modules that read with hand-written SQL.
describe('items-ledger-update', { tags: ['postgres'] }, () => {
  it('records the ledger for the owner, trims texts, keeps keys left out and clears with null', async () => {
    const owner = await t.onboardedUser();
    const id = await draft(owner);
    const set = await t.call('items-ledger-update', {
      cookie: owner.cookie,
      body: {
        itemId: id,
        pricePaid: { amount: 120.5, currency: 'jpy' },
        purchasedOn: '2024-03-05',
        boughtAt: '  Mandarake  ',
        storage: 'Box 3',
        notes: 'Gift',
      },
    });
    expect(set.status).toBe(200);
    expect(set.json.ledger).toEqual({
      pricePaid: { amount: 120.5, currency: 'JPY' },
      purchasedOn: '2024-03-05',
      boughtAt: 'Mandarake',
      storage: 'Box 3',
      notes: 'Gift',
    });

    const changed = await t.call('items-ledger-update', { cookie: owner.cookie, body: { itemId: id, storage: null, notes: '   ' } });
    expect(changed.json.ledger).toEqual({
      pricePaid: { amount: 120.5, currency: 'JPY' },
      purchasedOn: '2024-03-05',
      boughtAt: 'Mandarake',
      storage: null,
      notes: null,
    });
    await t.call('items-ledger-update', { cookie: owner.cookie, body: { itemId: id, pricePaid: null } });
    expect(await ledgerOf(owner, id)).toMatchObject({ pricePaid: null, boughtAt: 'Mandarake' });
  });

  it.each([
    ['pricePaid.currency', 'invalid_value', { pricePaid: { amount: 10, currency: 'XYZ' } }],
    ['pricePaid.currency', 'invalid_value', { pricePaid: { amount: 10, currency: 'US' } }],
    ['pricePaid.amount', 'too_small', { pricePaid: { amount: -1, currency: 'USD' } }],
    ['pricePaid.amount', 'invalid_format', { pricePaid: { amount: 1.234, currency: 'USD' } }],
    ['pricePaid.amount', 'too_big', { pricePaid: { amount: 100_000_001, currency: 'USD' } }],
    ['pricePaid.amount', 'invalid_type', { pricePaid: { amount: '10', currency: 'USD' } }],
    ['purchasedOn', 'invalid_format', { purchasedOn: '2024-02-30' }],
    ['purchasedOn', 'invalid_format', { purchasedOn: '05/03/2024' }],
    ['purchasedOn', 'too_big', { purchasedOn: '2999-01-01' }],
    ['notes', 'too_long', { notes: 'x'.repeat(2001) }],
    ['boughtAt', 'too_long', { boughtAt: 'x'.repeat(121) }],
  ])('refuses a bad %s with %s', async (field, code, body) => {
    const owner = await t.onboardedUser();
    const id = await draft(owner);
    const r = await t.call('items-ledger-update', { cookie: owner.cookie, body: { itemId: id, ...(body as object) } as never });
    expect(r.status).toBe(400);
    expect(r.json.error.fields[field]).toBe(code);
  });

  it('is the owner’s alone: another collector gets not found, a guest must sign in', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const id = await draft(owner);
    expect((await t.call('items-ledger-update', { cookie: other.cookie, body: { itemId: id, notes: 'mine now' } })).status).toBe(404);
    expect((await t.call('items-ledger-update', { body: { itemId: id, notes: 'mine now' } })).status).toBe(401);
    expect(await ledgerOf(owner, id)).toMatchObject({ notes: null });
  });
});

describe('collection-list', () => {
  it('lists every item of the caller (unfinished ones too) with facts and ledger, and nobody else’s', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const published = await t.publishedItem(owner.cookie, photo, 'Shown robot');
    const unfinished = await draft(owner, 'Draft robot');
    await t.call('items-update', {
      cookie: owner.cookie,
      body: { itemId: published, title: 'Shown robot', tags: 'robots', nsfw: false, facts: { maker: 'Bandai', year: 1999 } },
    });
    await t.call('items-ledger-update', { cookie: owner.cookie, body: { itemId: published, pricePaid: { amount: 30, currency: 'EUR' } } });
    await draft(other, 'Their robot');

    const list = await t.call('collection-list', { cookie: owner.cookie, body: {} });
    expect(list.status).toBe(200);
    const items = list.json.items as {
      id: string;
      title: string;
      unfinished: boolean;
      imageId: string | null;
      facts: { maker: string | null };
      ledger: unknown;
    }[];
    expect(items.map((i) => i.title)).toEqual(['Shown robot', 'Draft robot']);
    expect(items[0]).toMatchObject({ id: published, unfinished: false, facts: { maker: 'Bandai' }, ledger: { pricePaid: { amount: 30, currency: 'EUR' } } });
    expect(items[0]!.imageId).toEqual(expect.any(String));
    expect(items[1]).toMatchObject({ id: unfinished, unfinished: true, imageId: null, ledger: { pricePaid: null, notes: null } });
    expect((await t.call('collection-list', { body: {} })).status).toBe(401);
  });
});

describe('the ledger is private on every read path', { tags: ['postgres'] }, () => {
  let owner: U;
  let viewer: U;
  let itemId: string;
  let admin: { cookie: string };

  beforeAll(async () => {
    owner = await t.onboardedUser();
    viewer = await t.onboardedUser();
    itemId = (await t.publish(owner.cookie, photo, { title: 'Ledger robot', tags: 'ledgertest', place: true })).id;
    const set = await t.call('items-ledger-update', {
      cookie: owner.cookie,
      body: {
        itemId,
        pricePaid: { amount: SECRET_PRICE, currency: 'CHF' },
        purchasedOn: '2021-07-09',
        boughtAt: SECRET_SHOP,
        storage: SECRET_STORAGE,
        notes: SECRET_NOTES,
      },
    });
    expect(set.status).toBe(200);
    admin = await t.signInByMagicLink(ADMIN);
    // The viewer likes, saves, comments on and reports the item: every read that embeds it.
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId } });
    await t.call('social-bookmark-toggle', { cookie: viewer.cookie, body: { itemId } });
    expect((await t.call('comments-create', { cookie: viewer.cookie, body: { itemId, body: 'Lovely robot' } })).status).toBe(200);
    expect((await t.call('item-report', { cookie: viewer.cookie, body: { itemId, reason: 'spam', note: 'checking' } })).status).toBe(200);
  });

  const secretsIn = (text: string) =>
    [SECRET_NOTES, SECRET_STORAGE, SECRET_SHOP, String(SECRET_PRICE), '98765', '2021-07-09', '"ledger"'].filter((s) => text.includes(s));

  it('item-get answers no ledger to a guest, another collector, an admin, nor to the owner', async () => {
    for (const cookie of [undefined, viewer.cookie, admin.cookie, owner.cookie]) {
      const r = await t.call('item-get', { ...(cookie ? { cookie } : {}), body: { itemId } });
      expect(r.status).toBe(200);
      expect(r.json.access).toBe('visible');
      expect(secretsIn(JSON.stringify(r.json))).toEqual([]);
    }
  });

  it('explore, the profile and its shelf, saves, comments, notifications and moderation answer no ledger', async () => {
    const reads: [string, Promise<{ status: number; json: unknown }>][] = [
      ['explore-list guest', t.call('explore-list', { method: 'GET', query: { sort: 'new', tag: 'ledgertest' } })],
      ['explore-list viewer', t.call('explore-list', { method: 'GET', cookie: viewer.cookie, query: { sort: 'new' } })],
      ['profile-get guest', t.call('profile-get', { body: { handle: owner.handle } })],
      ['profile-get viewer', t.call('profile-get', { cookie: viewer.cookie, body: { handle: owner.handle } })],
      ['shelf-get owner', t.call('shelf-get', { cookie: owner.cookie, body: {} })],
      ['saves-list viewer', t.call('saves-list', { cookie: viewer.cookie, body: {} })],
      ['comments-list guest', t.call('comments-list', { body: { itemId } })],
      ['notifications-list owner', t.call('notifications-list', { cookie: owner.cookie, body: {} })],
      ['mod-reports-list admin', t.call('mod-reports-list', { cookie: admin.cookie, body: {} })],
    ];
    for (const [name, pending] of reads) {
      const r = await pending;
      expect(r.status, name).toBe(200);
      expect(secretsIn(JSON.stringify(r.json)), name).toEqual([]);
    }
    await untilNextSnapshot(async () => {
      const explored = await t.call('explore-list', { method: 'GET', query: { sort: 'new', tag: 'ledgertest' } });
      expect(JSON.stringify(explored.json)).toContain(itemId);
      expect(secretsIn(JSON.stringify(explored.json))).toEqual([]);
    });
  });

  it('search, the home feed and the tag page answer no ledger, while they show the item', async () => {
    expect((await t.call('social-follow-toggle', { cookie: viewer.cookie, body: { targetUserId: owner.userId, following: true } })).status).toBe(200);
    const reads: [string, Promise<Response>][] = [
      ['search guest', t.request('/functions/v1/search', { query: { q: 'Ledger robot' } })],
      ['search viewer', t.request('/functions/v1/search', { query: { q: 'ledgertest' }, cookie: viewer.cookie })],
      ['feed-list viewer', t.request('/functions/v1/feed-list', { query: {}, cookie: viewer.cookie })],
      ['tag-get guest', t.request('/functions/v1/tag-get', { query: { tag: 'ledgertest' } })],
    ];
    for (const [name, pending] of reads) {
      const res = await pending;
      expect(res.status, name).toBe(200);
      const text = await res.text();
      if (name !== 'tag-get guest') expect(text, name).toContain(itemId);
      expect(secretsIn(text), name).toEqual([]);
    }
  });

  it('the share page and its OpenGraph tags show no ledger', async () => {
    for (const cookie of [undefined, viewer.cookie]) {
      const res = await t.request(`/s/item/${itemId}`, cookie ? { cookie } : {});
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<meta property="og:title" content="Ledger robot');
      expect(secretsIn(html)).toEqual([]);
    }
  });

  it('the server-rendered item, profile and explore pages (with all the data the renderer is given) show no ledger', async () => {
    // A stand-in for the web app's renderer that writes everything it was given into the page.
    const dump = async (request: unknown) => ({ html: `<pre>${JSON.stringify(request)}</pre>`, data: '', meta: null });
    const renderer: PageRenderer = { item: dump, profile: dump, explore: dump, close: async () => undefined };
    const router = appPagesRouter(t.services, web, renderer);
    for (const url of [`/i/${itemId}`, `/u/${owner.handle}`]) {
      const res = await router.request(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('Ledger robot');
      expect(secretsIn(html), url).toEqual([]);
    }
    // A guest's explore, rendered with its first page of cards (from the snapshot window the item is in).
    const url = '/explore?sort=new&tag=ledgertest';
    await untilNextSnapshot(async () => {
      const res = await router.request(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(itemId);
      expect(html, url).toContain('Ledger robot');
      expect(secretsIn(html), url).toEqual([]);
    });
  });

  it('another collector’s data export holds no ledger of the item they saved and liked', async () => {
    expect((await t.call('account-export-request', { cookie: viewer.cookie, body: {} })).status).toBe(200);
    await t.services.jobs.idle(QUEUES.accountExport.name);
    const state = await t.call('account-export-status', { cookie: viewer.cookie, body: {} });
    const res = await t.request(state.json.export.url, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const all = Object.entries(files)
      .filter(([name]) => name.endsWith('.json') || name.endsWith('.csv'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(all).toContain(itemId);
    expect(secretsIn(all)).toEqual([]);
  });

  it('the owner’s own data export includes the inventory with the ledger', async () => {
    expect((await t.call('account-export-request', { cookie: owner.cookie, body: {} })).status).toBe(200);
    await t.services.jobs.idle(QUEUES.accountExport.name);
    const state = await t.call('account-export-status', { cookie: owner.cookie, body: {} });
    const files = unzipSync(new Uint8Array(await (await t.request(state.json.export.url, { cookie: owner.cookie })).arrayBuffer()));
    const csv = strFromU8(files['inventory.csv']!);
    expect(csv).toContain('Ledger robot');
    expect(csv).toContain(SECRET_NOTES);
    expect(csv).toContain(SECRET_STORAGE);
  });
});

describe('inventory-export', () => {
  it('answers the caller’s items as a CSV attachment that an import preview reads back as all valid', async () => {
    const owner = await t.onboardedUser();
    const a = await draft(owner, 'Robot, "the tall one"\nwith a box');
    await t.call('items-update', {
      cookie: owner.cookie,
      body: {
        itemId: a,
        title: 'Robot, "the tall one"\nwith a box',
        tags: 'robots, tin',
        nsfw: false,
        facts: { maker: 'Bandai', year: 1985, edition: { number: 12, of: 500 }, condition: 'opened' },
      },
    });
    await t.call('items-ledger-update', {
      cookie: owner.cookie,
      body: { itemId: a, pricePaid: { amount: 1234.5, currency: 'CNY' }, purchasedOn: '2020-01-31', notes: '=SUM(A1)' },
    });
    await draft(owner, '-minus sign');

    const res = await t.request('/functions/v1/inventory-export', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="curio-inventory-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(csv.split('\r\n')[0]).toBe(`\uFEFF${INVENTORY_COLUMNS.map((c) => c.en).join(',')}`);
    expect(csv).toContain('"Robot, ""the tall one""\nwith a box","robots, tin",Bandai,,,1985,,12/500,opened,,1234.5,CNY,2020-01-31,,,\'=SUM(A1)');
    expect(csv).toContain("'-minus sign");

    // Into another account: every row valid, and the values come back as they were.
    const other = await t.onboardedUser();
    const preview = await t.call('inventory-import-preview', { cookie: other.cookie, body: { csv } });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ valid: 2, invalid: 0 });
    expect(preview.json.rows[0]).toEqual({ row: 1, title: 'Robot, "the tall one"\nwith a box', errors: [] });
    expect(preview.json.rows[1].title).toBe('-minus sign');
    expect((await t.call('inventory-export', { body: {} })).status).toBe(401);
  });
});

describe('inventory import', { tags: ['postgres'] }, () => {
  /** The file in each language the import reads: its header row and its condition labels (as the app shows them). */
  const LANGUAGES = {
    English: {
      header: INVENTORY_COLUMNS.map((c) => c.en),
      conditions: ['Mint in box', 'Opened', 'Loose', 'Damaged'],
      unknownCondition: 'shiny',
    },
    Chinese: {
      header: INVENTORY_COLUMNS.map((c) => c.zh),
      conditions: ['全新未拆', '已拆封', '裸件', '有损坏'],
      unknownCondition: '九成新',
    },
  } as const;
  type Language = keyof typeof LANGUAGES;
  const CONDITION_CODES = ['mint_in_box', 'opened', 'loose', 'damaged'];
  /** 60 rows: 10 with errors (rows 6, 12, … 60), each in a different column; row n's condition is the (n-1)%4th. */
  const broken = (lng: Language): [string, (r: string[]) => void][] => [
    ['title', (r) => (r[0] = '')],
    ['year', (r) => (r[5] = 'nineteen')],
    ['edition', (r) => (r[7] = '600/500')],
    ['condition', (r) => (r[8] = LANGUAGES[lng].unknownCondition)],
    ['barcode', (r) => (r[9] = '12AB')],
    ['price', (r) => (r[10] = '-5')],
    ['currency', (r) => (r[11] = 'XXQ')],
    ['purchased_on', (r) => (r[12] = '2024-13-01')],
    ['notes', (r) => (r[15] = 'x'.repeat(2001))],
    ['currency', (r) => (r[11] = '')],
  ];
  const sixtyRows = (lng: Language) => {
    const rows: string[][] = [[...LANGUAGES[lng].header]];
    for (let n = 1; n <= 60; n++) {
      const r = [
        `Figure ${n}`,
        'import, batch',
        'Good Smile',
        'Nendoroid',
        `Hero ${n}`,
        '2019',
        '1/7',
        `${n}/500`,
        LANGUAGES[lng].conditions[(n - 1) % 4]!,
        '4580416940000',
        '59.90',
        'usd',
        '2023-05-07',
        'AmiAmi, Tokyo',
        'Shelf B',
        `Row ${n}, "quoted"`,
      ];
      if (n % 6 === 0) broken(lng)[n / 6 - 1]![1](r);
      rows.push(r);
    }
    return csvOf(rows);
  };

  it.each(Object.keys(LANGUAGES) as Language[])(
    'previews 60 rows with %s headers (10 with errors naming the column) without writing, then imports up to the 50-item limit as a job',
    async (lng) => {
      const owner = await t.onboardedUser();
      for (let i = 0; i < 5; i++) await draft(owner, `Already ${i}`);
      const csv = sixtyRows(lng);

      const preview = await t.call('inventory-import-preview', { cookie: owner.cookie, body: { csv } });
      expect(preview.status).toBe(200);
      expect(preview.json.rows).toHaveLength(60);
      const withErrors = (preview.json.rows as { row: number; errors: { column: string | null; code: string }[] }[]).filter((r) => r.errors.length);
      // 10 invalid rows, and 5 valid ones past the 45 places left on the shelf.
      expect(withErrors.filter((r) => r.errors[0]!.code !== 'over_limit').map((r) => [r.row, r.errors[0]!.column])).toEqual(
        broken(lng).map(([column], i) => [(i + 1) * 6, column]),
      );
      expect(withErrors.find((r) => r.row === 6)!.errors).toEqual([{ column: 'title', code: 'required' }]);
      expect(withErrors.find((r) => r.row === 60)!.errors).toEqual([{ column: 'currency', code: 'required' }]);
      expect(withErrors.filter((r) => r.errors[0]!.code === 'over_limit').map((r) => r.row)).toEqual([55, 56, 57, 58, 59]);
      expect(preview.json).toMatchObject({ valid: 45, invalid: 15 });
      expect((await t.call('collection-list', { cookie: owner.cookie, body: {} })).json.items).toHaveLength(5);

      const started = await t.call('inventory-import', { cookie: owner.cookie, body: { csv } });
      expect(started.status).toBe(200);
      // A double click answers the same import.
      const again = await t.call('inventory-import', { cookie: owner.cookie, body: { csv } });
      expect(again.json.jobId).toBe(started.json.jobId);

      await t.services.jobs.idle(QUEUES.inventoryImport.name);
      await vi.waitFor(async () => {
        const s = await t.call('inventory-import-status', { cookie: owner.cookie, body: { jobId: started.json.jobId } });
        expect(s.json.state).toBe('done');
      });
      const status = await t.call('inventory-import-status', { cookie: owner.cookie, body: { jobId: started.json.jobId } });
      expect(status.json).toMatchObject({ state: 'done', done: 60, total: 60, created: 45 });
      const jobErrors = status.json.errors as { row: number; errors: { column: string | null; code: string }[] }[];
      expect(jobErrors.map((e) => e.row)).toEqual([6, 12, 18, 24, 30, 36, 42, 48, 54, 55, 56, 57, 58, 59, 60]);
      // The job reports each invalid row by its column, and the rows past the limit as such (none dropped silently).
      expect(jobErrors.filter((e) => e.errors[0]!.code !== 'over_limit').map((e) => [e.row, e.errors[0]!.column])).toEqual(
        broken(lng).map(([column], i) => [(i + 1) * 6, column]),
      );
      expect(jobErrors.filter((e) => e.errors[0]!.code === 'over_limit').map((e) => [e.row, e.errors])).toEqual(
        [55, 56, 57, 58, 59].map((row) => [row, [{ column: null, code: 'over_limit' }]]),
      );

      const items = (await t.call('collection-list', { cookie: owner.cookie, body: {} })).json.items as any[];
      expect(items).toHaveLength(50);
      expect(items[5]).toMatchObject({
        title: 'Figure 1',
        tags: ['import', 'batch'],
        unfinished: true,
        facts: {
          maker: 'Good Smile',
          line: 'Nendoroid',
          character: 'Hero 1',
          year: 2019,
          scale: '1/7',
          edition: { number: 1, of: 500 },
          condition: 'mint_in_box',
          barcode: '4580416940000',
        },
        ledger: {
          pricePaid: { amount: 59.9, currency: 'USD' },
          purchasedOn: '2023-05-07',
          boughtAt: 'AmiAmi, Tokyo',
          storage: 'Shelf B',
          notes: 'Row 1, "quoted"',
        },
      });
      // Each imported row's condition, from each of the four labels.
      const imported = (items as { title: string; facts: { condition: string | null } }[]).slice(5);
      expect(imported.map((i) => [i.title, i.facts.condition])).toEqual(
        Array.from({ length: 54 }, (_, i) => i + 1)
          .filter((n) => n % 6 !== 0)
          .map((n) => [`Figure ${n}`, CONDITION_CODES[(n - 1) % 4]]),
      );
      // Another collector cannot read this import's status.
      const other = await t.onboardedUser();
      expect((await t.call('inventory-import-status', { cookie: other.cookie, body: { jobId: started.json.jobId } })).status).toBe(404);

      // Imported items wait for their photos: the drafts clean-up keeps them; the drafts without a ledger go.
      await t.services.itemPages.removeAbandonedDrafts(new Date(Date.now() + 2 * 86_400_000));
      const kept = (await t.call('collection-list', { cookie: owner.cookie, body: {} })).json.items as { title: string }[];
      expect(kept).toHaveLength(45);
      expect(kept.some((i) => i.title.startsWith('Already'))).toBe(false);
      const unfinished = await t.call('items-unfinished-list', { cookie: owner.cookie, body: {} });
      const first = (unfinished.json.items as { title: string; expiresAt: string | null; step: string }[]).find((i) => i.title === 'Figure 1');
      expect(first).toMatchObject({ expiresAt: null, step: 'photos' });
    },
  );

  it('reads Chinese headers, an older condition label, thousands separators and dates, and reports rows by their number', async () => {
    const owner = await t.onboardedUser();
    const csv = csvOf([
      INVENTORY_COLUMNS.map((c) => c.zh),
      ['初音未来', '手办', '好微笑', '', '初音', '2020', '1/8', '3/100', '全新未拆', '', '1,299.00', 'CNY', '2023/5/7', '淘宝', '书房', '生日礼物'],
      ['', '', '', '', '', '', '', '', '裸件', '', '', '', '', '', '', ''],
      ['绫波丽', '', '', '', '', '', '', '', '有损', '', '88', 'RMB', '', '', '', ''],
    ]);
    const preview = await t.call('inventory-import-preview', { cookie: owner.cookie, body: { csv } });
    expect(preview.json).toMatchObject({
      valid: 1,
      invalid: 2,
      rows: [
        { row: 1, title: '初音未来', errors: [] },
        { row: 2, errors: [{ column: 'title', code: 'required' }] },
        { row: 3, errors: [{ column: 'currency', code: 'invalid_value' }] },
      ],
    });
    const started = await t.call('inventory-import', { cookie: owner.cookie, body: { csv } });
    await t.services.jobs.idle(QUEUES.inventoryImport.name);
    await vi.waitFor(async () =>
      expect((await t.call('inventory-import-status', { cookie: owner.cookie, body: { jobId: started.json.jobId } })).json).toMatchObject({
        state: 'done',
        created: 1,
      }),
    );
    const [item] = (await t.call('collection-list', { cookie: owner.cookie, body: {} })).json.items as any[];
    expect(item).toMatchObject({
      title: '初音未来',
      facts: { maker: '好微笑', edition: { number: 3, of: 100 }, condition: 'mint_in_box' },
      ledger: { pricePaid: { amount: 1299, currency: 'CNY' }, purchasedOn: '2023-05-07', boughtAt: '淘宝', storage: '书房', notes: '生日礼物' },
    });
  });

  it('answers a file without known columns, an unreadable one and one over 1 MB with clear errors', async () => {
    const owner = await t.onboardedUser();
    expect((await t.call('inventory-import-preview', { cookie: owner.cookie, body: { csv: 'colour,size\nred,big' } })).json).toMatchObject({
      rows: [{ row: 1, errors: [{ column: null, code: 'no_columns' }] }],
      valid: 0,
    });
    expect((await t.call('inventory-import-preview', { cookie: owner.cookie, body: { csv: 'title\nok\n"broken' } })).json.rows[0].errors[0].code).toBe(
      'unreadable',
    );
    const big = await t.call('inventory-import-preview', { cookie: owner.cookie, body: { csv: `title\n${'a'.repeat(1024 * 1024)}` } });
    expect(big.status).toBe(413);
  });
});
