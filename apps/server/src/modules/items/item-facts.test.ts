import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_FACTS, factYearMax, itemGetResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, unchecked, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const factsOf = (json: unknown) => {
  const got = itemGetResultSchema.parse(json);
  if (got.access !== 'visible') throw new Error(`expected a visible item, got ${got.access}`);
  return got.item.facts;
};

const GUNDAM = {
  maker: ' Bandai Spirits ',
  line: 'Master Grade',
  character: 'RX-78-2 Gundam',
  year: 2017,
  scale: '1/100',
  edition: { number: 12, of: 500 },
  condition: 'mint_in_box',
  barcode: '4573102-616074',
} as const;

describe('item facts', () => {
  it('items-create stores the facts trimmed and item-get answers them; an item without facts answers each unset', async () => {
    const owner = await t.onboardedUser();
    const created = await t.call('items-create', { cookie: owner.cookie, body: { title: 'RX-78-2', tags: 'gundam', facts: GUNDAM } });
    expect(created.status).toBe(200);
    const expected = { ...GUNDAM, maker: 'Bandai Spirits', barcode: '4573102616074' };
    expect(created.json.item.facts).toEqual(expected);

    // An unfinished item is its owner's; the owner reads its facts.
    expect(factsOf((await t.call('item-get', { cookie: owner.cookie, body: { itemId: created.json.item.id } })).json)).toEqual(expected);
    // An item made without facts answers every fact, unset.
    const { id } = await t.publish(owner.cookie, photo, { title: 'Zaku II' });
    expect(factsOf((await t.call('item-get', { body: { itemId: id } })).json)).toEqual(EMPTY_FACTS);
  });

  it('a published item shows its facts to a guest and to another collector', async () => {
    const owner = await t.onboardedUser();
    const { id } = await t.publish(owner.cookie, photo, { title: 'Tin robot' });
    const base = { itemId: id, title: 'Tin robot', tags: 'robots', nsfw: false };
    expect((await t.call('items-update', { cookie: owner.cookie, body: { ...base, facts: { maker: 'Masudaya', year: 1958 } } })).status).toBe(200);
    const other = await t.onboardedUser();
    for (const cookie of [undefined, other.cookie]) {
      const r = await t.call('item-get', { ...(cookie ? { cookie } : {}), body: { itemId: id } });
      expect(factsOf(r.json)).toEqual({ ...EMPTY_FACTS, maker: 'Masudaya', year: 1958 });
    }
  });

  it('items-update changes only the facts it names, clears one given as null or blank, and keeps them all when left out', async () => {
    const owner = await t.onboardedUser();
    const { id } = await t.publish(owner.cookie, photo, { title: 'Tin robot' });
    const base = { itemId: id, title: 'Tin robot', tags: 'robots', nsfw: false };
    const get = async () => factsOf((await t.call('item-get', { cookie: owner.cookie, body: { itemId: id } })).json);

    const first = await t.call('items-update', {
      cookie: owner.cookie,
      body: { ...base, facts: { maker: 'Bandai', line: 'HG', edition: { number: 3, of: 10 } } },
    });
    expect(first.json.item.facts).toEqual({ ...EMPTY_FACTS, maker: 'Bandai', line: 'HG', edition: { number: 3, of: 10 } });

    await t.call('items-update', { cookie: owner.cookie, body: { ...base, facts: { line: '  ', edition: null, condition: 'loose' } } });
    expect(await get()).toEqual({ ...EMPTY_FACTS, maker: 'Bandai', condition: 'loose' });

    const kept = await t.call('items-update', { cookie: owner.cookie, body: { ...base, title: 'Tin robot (boxed)' } });
    expect(kept.json.item.facts).toEqual({ ...EMPTY_FACTS, maker: 'Bandai', condition: 'loose' });
    expect(await get()).toEqual({ ...EMPTY_FACTS, maker: 'Bandai', condition: 'loose' });
  });

  it('refuses facts that are out of range or malformed with a code for each field, and writes nothing', async () => {
    const owner = await t.onboardedUser();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ year: 1799 }, { 'facts.year': 'too_small' }],
      [{ year: factYearMax() + 1 }, { 'facts.year': 'too_big' }],
      [{ edition: { number: 13, of: 12 } }, { 'facts.edition.number': 'too_big' }],
      [{ edition: { number: 0, of: 12 } }, { 'facts.edition.number': 'too_small' }],
      [{ condition: 'like new' }, { 'facts.condition': 'invalid_value' }],
      [{ barcode: '12-ab' }, { 'facts.barcode': 'invalid_format' }],
      [{ maker: 'x'.repeat(81) }, { 'facts.maker': 'too_long' }],
      [{ maker: 'a\u0000b' }, { 'facts.maker': 'unsafe_text' }],
    ];
    for (const [facts, fields] of cases) {
      const r = await t.call('items-create', { cookie: owner.cookie, body: unchecked({ title: 'Bad facts', facts }) });
      expect(r.status, JSON.stringify(facts)).toBe(400);
      expect(r.json.error.fields).toEqual(fields);
    }
    const list = await t.call('items-unfinished-list', { cookie: owner.cookie, body: {} });
    expect(list.json.items).toEqual([]);
  });

  it("only the owner changes an item's facts", async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const { id } = await t.publish(owner.cookie, photo, { title: 'Tin robot' });
    const r = await t.call('items-update', {
      cookie: other.cookie,
      body: { itemId: id, title: 'Mine now', tags: '', nsfw: false, facts: { maker: 'Nope' } },
    });
    expect(r.status).toBe(404);
    expect(factsOf((await t.call('item-get', { body: { itemId: id } })).json).maker).toBeNull();
  });

  it('items-unfinished-list answers each unfinished item with its facts, so the wizard resumes with them', async () => {
    const owner = await t.onboardedUser();
    const created = await t.call('items-create', { cookie: owner.cookie, body: { title: 'RX-78-2', facts: GUNDAM } });
    await t.call('items-create', { cookie: owner.cookie, body: { title: 'No facts' } });
    const list = await t.call('items-unfinished-list', { cookie: owner.cookie, body: {} });
    expect(list.status).toBe(200);
    const byTitle = Object.fromEntries(list.json.items.map((i: { title: string; facts: unknown }) => [i.title, i.facts]));
    expect(byTitle).toEqual({ 'RX-78-2': created.json.item.facts, 'No facts': EMPTY_FACTS });
  });
});
