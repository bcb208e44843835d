import { parse } from 'csv-parse/sync';
import {
  INVENTORY_COLUMNS,
  ITEM_CONDITIONS,
  fieldErrorCode,
  itemFactsInputSchema,
  itemsCreateInputSchema,
  ledgerFieldsSchema,
  tagsSchema,
  type CollectionItem,
  type ImportRowError,
  type InventoryColumn,
  type ItemCondition,
  type ItemFacts,
  type LedgerPatch,
} from '@curio/contract';
import { z } from 'zod';

/** One item of an import, validated with the contract's own schemas (those of items-create and items-ledger-update). */
export interface ImportItem {
  title: string;
  tags: string[];
  facts: ItemFacts;
  ledger: LedgerPatch;
}
export interface ParsedRow {
  /** The 1-based data row (the header is not counted). */
  row: number;
  title: string | null;
  item: ImportItem | null;
  errors: ImportRowError[];
}

const importRowSchema = z.object({
  title: itemsCreateInputSchema.shape.title,
  tags: tagsSchema,
  facts: itemFactsInputSchema,
  ledger: ledgerFieldsSchema,
});

/**
 * The words a condition may be written with (its code, the app's English and Chinese labels, common synonyms, and the
 * Chinese labels earlier versions of the app showed: 已开封, 已拆盒, 有损, 有损伤), normalized.
 */
const CONDITION_WORDS: Record<string, ItemCondition> = {};
const normalizeWord = (v: string) =>
  v
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
for (const code of ITEM_CONDITIONS) CONDITION_WORDS[normalizeWord(code)] = code;
Object.assign(CONDITION_WORDS, {
  'mint in box': 'mint_in_box',
  mib: 'mint_in_box',
  new: 'mint_in_box',
  sealed: 'mint_in_box',
  全新未拆: 'mint_in_box',
  全新: 'mint_in_box',
  未拆封: 'mint_in_box',
  opened: 'opened',
  已拆封: 'opened',
  已开封: 'opened',
  已拆盒: 'opened',
  开封: 'opened',
  loose: 'loose',
  裸件: 'loose',
  散件: 'loose',
  damaged: 'damaged',
  有损坏: 'damaged',
  有损: 'damaged',
  有损伤: 'damaged',
  损坏: 'damaged',
  破损: 'damaged',
} satisfies Record<string, ItemCondition>);

/** Which column a header names (English or Chinese, any case, spaces or hyphens for underscores), or null. */
export function columnOf(header: string): InventoryColumn | null {
  const h = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  for (const c of INVENTORY_COLUMNS) if (h === c.en || h === c.zh) return c.key;
  return null;
}

/** A cell a spreadsheet would run as a formula was written with a leading apostrophe: it is taken back off. */
const unescapeCell = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

type Fail = { fail: ImportRowError };
const fail = (column: InventoryColumn, code: ImportRowError['code']): Fail => ({ fail: { column, code } });

function numberCell(value: string, column: InventoryColumn, integer: boolean): number | null | Fail {
  const v = value.replace(/\s/g, '');
  if (!v) return null;
  const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(v) ? v.replace(/,/g, '') : v;
  if (!(integer ? /^\d+$/ : /^\d+(\.\d+)?$/).test(plain)) return fail(column, 'invalid_format');
  return Number(plain);
}

function dateCell(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{4})[/.年-](\d{1,2})[/.月-](\d{1,2})日?$/.exec(v);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : v;
}

/** Which column an issue of the row schema is about. */
function columnOfPath(path: readonly PropertyKey[]): InventoryColumn {
  const [head, key, sub] = path.map(String);
  if (head === 'facts') return key === 'edition' ? 'edition' : ((key ?? 'title') as InventoryColumn);
  if (head === 'ledger') {
    if (key === 'pricePaid') return sub === 'currency' ? 'currency' : 'price';
    return (
      ({ purchasedOn: 'purchased_on', boughtAt: 'bought_at', storage: 'storage', notes: 'notes' } as Record<string, InventoryColumn>)[key ?? ''] ?? 'notes'
    );
  }
  return head === 'tags' ? 'tags' : 'title';
}

/** One data row's cells (by column) validated into an item, or its errors (each names the column and a code). */
export function parseRow(row: number, cells: Partial<Record<InventoryColumn, string>>): ParsedRow {
  const cell = (c: InventoryColumn) => unescapeCell(cells[c] ?? '').trim();
  const errors: ImportRowError[] = [];
  const take = <T>(v: T | Fail): T | null => {
    if (v !== null && typeof v === 'object' && 'fail' in v) {
      errors.push(v.fail);
      return null;
    }
    return v;
  };

  const year = take(numberCell(cell('year'), 'year', true));
  let edition: { number: number; of: number } | null = null;
  if (cell('edition')) {
    const m = /^(\d+)\s*(?:\/|／|of|之)\s*(\d+)$/i.exec(cell('edition'));
    if (m) edition = { number: Number(m[1]), of: Number(m[2]) };
    else errors.push({ column: 'edition', code: 'invalid_format' });
  }
  let condition: ItemCondition | null = null;
  if (cell('condition')) {
    condition = CONDITION_WORDS[normalizeWord(cell('condition'))] ?? null;
    if (!condition) errors.push({ column: 'condition', code: 'invalid_value' });
  }
  const amount = take(numberCell(cell('price'), 'price', false));
  const currency = cell('currency');
  if (cell('price') && !currency) errors.push({ column: 'currency', code: 'required' });
  if (!cell('price') && currency) errors.push({ column: 'price', code: 'required' });

  const parsed = importRowSchema.safeParse({
    title: cell('title'),
    tags: cell('tags'),
    facts: {
      maker: cell('maker'),
      line: cell('line'),
      character: cell('character'),
      year,
      scale: cell('scale'),
      edition,
      condition,
      barcode: cell('barcode'),
    },
    ledger: {
      pricePaid: amount !== null && currency ? { amount, currency } : null,
      purchasedOn: dateCell(cell('purchased_on')),
      boughtAt: cell('bought_at'),
      storage: cell('storage'),
      notes: cell('notes'),
    },
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfPath(issue.path);
      if (!errors.some((e) => e.column === column)) errors.push({ column, code: fieldErrorCode(issue) });
    }
  }
  const title = cell('title') || null;
  // In the file's column order, as the collector reads the row.
  const order = (e: ImportRowError) => INVENTORY_COLUMNS.findIndex((c) => c.key === e.column);
  errors.sort((a, b) => order(a) - order(b));
  if (errors.length || !parsed.success) return { row, title, item: null, errors };
  return { row, title, item: parsed.data, errors: [] };
}

/**
 * Reads an inventory CSV: the header row names the columns (English or Chinese; unknown ones are ignored), quoted
 * fields may hold commas, quotes and newlines, blank lines are skipped, a BOM is allowed. A file that cannot be read
 * answers one row with `unreadable` where it stopped; one without a known column, one row with `no_columns`.
 */
export function parseInventoryCsv(csv: string): ParsedRow[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  } catch (err) {
    const at = typeof (err as { records?: unknown }).records === 'number' ? (err as { records: number }).records : 0;
    return [{ row: Math.max(1, at), title: null, item: null, errors: [{ column: null, code: 'unreadable' }] }];
  }
  const [header, ...data] = records;
  const columns = (header ?? []).map(columnOf);
  if (!columns.some((c) => c !== null)) return [{ row: 1, title: null, item: null, errors: [{ column: null, code: 'no_columns' }] }];
  return data.map((values, i) => {
    const cells: Partial<Record<InventoryColumn, string>> = {};
    columns.forEach((c, j) => {
      if (c && cells[c] === undefined) cells[c] = values[j] ?? '';
    });
    return parseRow(i + 1, cells);
  });
}

/** A cell as written to the CSV: quoted when needed; a text a spreadsheet would run as a formula gets an apostrophe first. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let v = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The collection as an inventory CSV (English headers, CRLF lines, a BOM so spreadsheet apps read it as UTF-8). */
export function inventoryCsv(items: readonly Pick<CollectionItem, 'title' | 'tags' | 'facts' | 'ledger'>[]): string {
  const lines = [INVENTORY_COLUMNS.map((c) => c.en).join(',')];
  for (const item of items) {
    const { facts: f, ledger: l } = item;
    const values: Record<InventoryColumn, string | number | null> = {
      title: item.title,
      tags: item.tags.join(', ') || null,
      maker: f.maker,
      line: f.line,
      character: f.character,
      year: f.year,
      scale: f.scale,
      edition: f.edition ? `${f.edition.number}/${f.edition.of}` : null,
      condition: f.condition,
      barcode: f.barcode,
      price: l.pricePaid ? l.pricePaid.amount : null,
      currency: l.pricePaid?.currency ?? null,
      purchased_on: l.purchasedOn,
      bought_at: l.boughtAt,
      storage: l.storage,
      notes: l.notes,
    };
    lines.push(INVENTORY_COLUMNS.map((c) => csvCell(values[c.key])).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
