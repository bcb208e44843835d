import { EMPTY_FACTS, EMPTY_LEDGER, type CollectionItem } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { collectionTotals, filterItems, sortItems } from './collection';

const item = (title: string, over: { maker?: string; year?: number; price?: [number, string]; on?: string; notes?: string } = {}): CollectionItem => ({
  id: title,
  title,
  tags: [],
  imageId: null,
  unfinished: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  facts: { ...EMPTY_FACTS, maker: over.maker ?? null, year: over.year ?? null },
  ledger: {
    ...EMPTY_LEDGER,
    pricePaid: over.price ? { amount: over.price[0], currency: over.price[1] } : null,
    purchasedOn: over.on ?? null,
    notes: over.notes ?? null,
  },
});

const items = [
  item('Zaku', { maker: 'Bandai', year: 1999, price: [0.1, 'USD'], on: '2020-01-01' }),
  item('Miku', { maker: 'Good Smile', year: 2020, price: [1200, 'JPY'], notes: 'birthday gift' }),
  item('Astro', { maker: 'Bandai', year: 1999, price: [0.2, 'USD'] }),
  item('Robby'),
];

describe('the collection table', () => {
  it('adds prices per currency only, and by maker and by year', () => {
    const totals = collectionTotals(items);
    expect(totals.byCurrency).toEqual([
      { currency: 'JPY', amount: 1200, count: 1 },
      { currency: 'USD', amount: 0.3, count: 2 },
    ]);
    expect(totals.byMaker).toEqual([
      { key: 'Bandai', count: 2, totals: [{ currency: 'USD', amount: 0.3, count: 2 }] },
      { key: 'Good Smile', count: 1, totals: [{ currency: 'JPY', amount: 1200, count: 1 }] },
      { key: null, count: 1, totals: [] },
    ]);
    expect(totals.byYear.map((g) => [g.key, g.count])).toEqual([
      ['2020', 1],
      ['1999', 2],
      [null, 1],
    ]);
  });

  it('sorts by title, year, price (by currency, then amount) and date, items without the value last', () => {
    expect(sortItems(items, 'title', 'asc').map((i) => i.title)).toEqual(['Astro', 'Miku', 'Robby', 'Zaku']);
    expect(sortItems(items, 'year', 'desc').map((i) => i.title)).toEqual(['Miku', 'Zaku', 'Astro', 'Robby']);
    expect(sortItems(items, 'price', 'asc').map((i) => i.title)).toEqual(['Miku', 'Zaku', 'Astro', 'Robby']);
    expect(sortItems(items, 'purchasedOn', 'desc').map((i) => i.title)).toEqual(['Zaku', 'Miku', 'Astro', 'Robby']);
  });

  it('filters by every word in the title, facts and ledger texts', () => {
    expect(filterItems(items, 'bandai').map((i) => i.title)).toEqual(['Zaku', 'Astro']);
    expect(filterItems(items, 'GIFT smile').map((i) => i.title)).toEqual(['Miku']);
    expect(filterItems(items, '  ')).toHaveLength(4);
  });
});
