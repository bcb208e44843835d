import type { CollectionItem } from '@curio/contract';

export const SORT_KEYS = ['title', 'maker', 'year', 'price', 'purchasedOn'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDir = 'asc' | 'desc';

/** The items whose title, tags, facts or ledger texts hold every word of the query (any case). */
export function filterItems(items: readonly CollectionItem[], query: string): CollectionItem[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const { facts: f, ledger: l } = item;
    const text = [item.title, ...item.tags, f.maker, f.line, f.character, f.scale, f.barcode, f.year, l.boughtAt, l.storage, l.notes, l.pricePaid?.currency]
      .filter((v) => v !== null && v !== undefined)
      .join(' ')
      .toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** What an item is sorted by for a key; null sorts last whichever the direction. */
function sortValue(item: CollectionItem, key: SortKey): string | number | null {
  switch (key) {
    case 'title':
      return item.title;
    case 'maker':
      return item.facts.maker;
    case 'year':
      return item.facts.year;
    case 'price':
      return item.ledger.pricePaid?.amount ?? null;
    case 'purchasedOn':
      return item.ledger.purchasedOn;
  }
}

/**
 * Sorted by a key (stable: equal items keep their order); items without the value last. Prices are grouped by
 * currency first (amounts of different currencies are not compared), then by amount.
 */
export function sortItems(items: readonly CollectionItem[], key: SortKey, dir: SortDir): CollectionItem[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const va = sortValue(a, key);
    const vb = sortValue(b, key);
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    if (key === 'price') {
      const byCurrency = collator.compare(a.ledger.pricePaid!.currency, b.ledger.pricePaid!.currency);
      if (byCurrency) return byCurrency;
    }
    const cmp = typeof va === 'number' && typeof vb === 'number' ? va - vb : collator.compare(String(va), String(vb));
    return cmp * sign;
  });
}

/** Amounts per currency (in cents while adding, so that 0.1 + 0.2 is 0.3), never added across currencies. */
export type CurrencyTotals = { currency: string; amount: number; count: number }[];

function addTo(map: Map<string, { cents: number; count: number }>, currency: string, amount: number) {
  const entry = map.get(currency) ?? { cents: 0, count: 0 };
  entry.cents += Math.round(amount * 100);
  entry.count += 1;
  map.set(currency, entry);
}
const listOf = (map: Map<string, { cents: number; count: number }>): CurrencyTotals =>
  [...map.entries()].map(([currency, { cents, count }]) => ({ currency, amount: cents / 100, count })).sort((a, b) => collator.compare(a.currency, b.currency));

export interface GroupTotal {
  /** The maker or year; null for items without one. */
  key: string | null;
  count: number;
  totals: CurrencyTotals;
}

function groupBy(items: readonly CollectionItem[], keyOf: (item: CollectionItem) => string | null): GroupTotal[] {
  const groups = new Map<string | null, { count: number; money: Map<string, { cents: number; count: number }> }>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { count: 0, money: new Map() };
    group.count += 1;
    if (item.ledger.pricePaid) addTo(group.money, item.ledger.pricePaid.currency, item.ledger.pricePaid.amount);
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, g]) => ({ key, count: g.count, totals: listOf(g.money) }));
}

/** The collection's totals: per currency, and by maker and by year (each with its own per-currency totals). */
export function collectionTotals(items: readonly CollectionItem[]) {
  const money = new Map<string, { cents: number; count: number }>();
  for (const item of items) if (item.ledger.pricePaid) addTo(money, item.ledger.pricePaid.currency, item.ledger.pricePaid.amount);
  const byMaker = groupBy(items, (i) => i.facts.maker).sort((a, b) =>
    a.key === null ? 1 : b.key === null ? -1 : b.count - a.count || collator.compare(a.key, b.key),
  );
  const byYear = groupBy(items, (i) => (i.facts.year === null ? null : String(i.facts.year))).sort((a, b) =>
    a.key === null ? 1 : b.key === null ? -1 : Number(b.key) - Number(a.key),
  );
  return { byCurrency: listOf(money), byMaker, byYear, count: items.length };
}

/** An amount in its currency, in the reader's language ("¥1,200", "US$59.90"). */
export function formatMoney(amount: number, currency: string, lng: string): string {
  try {
    return new Intl.NumberFormat(lng, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
