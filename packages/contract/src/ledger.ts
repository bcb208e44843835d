import { z } from 'zod';
import { FIELD_ERROR_CODES } from './error-codes';
import { itemFactsSchema } from './facts';
import { text } from './strings';
import { uuidSchema } from './shelf';

/**
 * The private ledger: what the owner paid for an item, when and where, where it is kept and their own notes.
 * Only the owner ever reads it (`collection-list`, `inventory-export`); no other answer carries a `ledger`.
 */

/** ISO 4217 currency codes (the active ones, as ICU knows them), so that browser and server agree on one list. */
export const CURRENCIES = [
  'AED',
  'AFN',
  'ALL',
  'AMD',
  'ANG',
  'AOA',
  'ARS',
  'AUD',
  'AWG',
  'AZN',
  'BAM',
  'BBD',
  'BDT',
  'BGN',
  'BHD',
  'BIF',
  'BMD',
  'BND',
  'BOB',
  'BRL',
  'BSD',
  'BTN',
  'BWP',
  'BYN',
  'BZD',
  'CAD',
  'CDF',
  'CHF',
  'CLP',
  'CNY',
  'COP',
  'CRC',
  'CUC',
  'CUP',
  'CVE',
  'CZK',
  'DJF',
  'DKK',
  'DOP',
  'DZD',
  'EGP',
  'ERN',
  'ETB',
  'EUR',
  'FJD',
  'FKP',
  'GBP',
  'GEL',
  'GHS',
  'GIP',
  'GMD',
  'GNF',
  'GTQ',
  'GYD',
  'HKD',
  'HNL',
  'HRK',
  'HTG',
  'HUF',
  'IDR',
  'ILS',
  'INR',
  'IQD',
  'IRR',
  'ISK',
  'JMD',
  'JOD',
  'JPY',
  'KES',
  'KGS',
  'KHR',
  'KMF',
  'KPW',
  'KRW',
  'KWD',
  'KYD',
  'KZT',
  'LAK',
  'LBP',
  'LKR',
  'LRD',
  'LSL',
  'LYD',
  'MAD',
  'MDL',
  'MGA',
  'MKD',
  'MMK',
  'MNT',
  'MOP',
  'MRU',
  'MUR',
  'MVR',
  'MWK',
  'MXN',
  'MYR',
  'MZN',
  'NAD',
  'NGN',
  'NIO',
  'NOK',
  'NPR',
  'NZD',
  'OMR',
  'PAB',
  'PEN',
  'PGK',
  'PHP',
  'PKR',
  'PLN',
  'PYG',
  'QAR',
  'RON',
  'RSD',
  'RUB',
  'RWF',
  'SAR',
  'SBD',
  'SCR',
  'SDG',
  'SEK',
  'SGD',
  'SHP',
  'SLE',
  'SLL',
  'SOS',
  'SRD',
  'SSP',
  'STN',
  'SVC',
  'SYP',
  'SZL',
  'THB',
  'TJS',
  'TMT',
  'TND',
  'TOP',
  'TRY',
  'TTD',
  'TWD',
  'TZS',
  'UAH',
  'UGX',
  'USD',
  'UYU',
  'UZS',
  'VES',
  'VND',
  'VUV',
  'WST',
  'XAF',
  'XCD',
  'XCG',
  'XDR',
  'XOF',
  'XPF',
  'XSU',
  'YER',
  'ZAR',
  'ZMW',
  'ZWG',
  'ZWL',
] as const;
export type Currency = (typeof CURRENCIES)[number];
const currencySet: ReadonlySet<string> = new Set(CURRENCIES);
export const isCurrency = (code: string): code is Currency => currencySet.has(code);

export const LEDGER_LIMITS = {
  /** The largest amount that may be recorded (in the currency's units). */
  amountMax: 100_000_000,
  /** Decimal places an amount may have. */
  amountDecimals: 2,
  boughtAt: 120,
  storage: 120,
  notes: 2000,
} as const;

/** Today's date (UTC) as YYYY-MM-DD, plus one day of grace for collectors east of UTC. */
const latestPurchaseDate = (now = new Date()) => new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** An amount: a number ≥ 0, at most 100,000,000, with at most two decimals. */
export const amountSchema = z
  .number()
  .min(0)
  .max(LEDGER_LIMITS.amountMax)
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: 'An amount has at most two decimals',
    params: { fieldCode: 'invalid_format' },
  });

export const currencySchema = text()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCurrency, { message: 'Not an ISO 4217 currency code', params: { fieldCode: 'invalid_value' } });

export const moneySchema = z.object({ amount: amountSchema, currency: currencySchema });
export type Money = { amount: number; currency: string };

/** A calendar date YYYY-MM-DD that exists and is not in the future. */
export const purchaseDateSchema = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, {
    message: 'Not a date',
    params: { fieldCode: 'invalid_format' },
  })
  .refine((v) => v >= '1800-01-01', { message: 'The date is too early', params: { fieldCode: 'too_small' } })
  .refine((v) => v <= latestPurchaseDate(), { message: 'The date may not be in the future', params: { fieldCode: 'too_big' } });

const ledgerText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** The ledger's fields as a change: a key left out stays; null (or a blank text) clears it. */
export const ledgerFieldsSchema = z.object({
  pricePaid: moneySchema.nullable().optional(),
  purchasedOn: purchaseDateSchema.nullable().optional(),
  boughtAt: ledgerText(LEDGER_LIMITS.boughtAt).optional(),
  storage: ledgerText(LEDGER_LIMITS.storage).optional(),
  notes: ledgerText(LEDGER_LIMITS.notes).optional(),
});
export type LedgerFieldsInput = z.input<typeof ledgerFieldsSchema>;
export type LedgerPatch = z.output<typeof ledgerFieldsSchema>;

export const itemsLedgerUpdateInputSchema = ledgerFieldsSchema.extend({ itemId: uuidSchema });
export type ItemsLedgerUpdateInput = z.input<typeof itemsLedgerUpdateInputSchema>;

/** The ledger as answered (to its owner only): every field present, null when unset. */
export const ledgerSchema = z.object({
  pricePaid: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  purchasedOn: z.string().nullable(),
  boughtAt: z.string().nullable(),
  storage: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Ledger = z.infer<typeof ledgerSchema>;
export const EMPTY_LEDGER: Ledger = { pricePaid: null, purchasedOn: null, boughtAt: null, storage: null, notes: null };

export const itemsLedgerUpdateResultSchema = z.object({ itemId: z.string(), ledger: ledgerSchema });

/** One of the caller's items on the collection page: its thumbnail, title, facts and ledger. */
export const collectionItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  /** The chosen image, else the first photo, else null (an imported item before its photos). */
  imageId: z.string().nullable(),
  /** Without a chosen image: the wizard resumes it. */
  unfinished: z.boolean(),
  createdAt: z.string(),
  facts: itemFactsSchema,
  ledger: ledgerSchema,
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;
export const collectionListResultSchema = z.object({ items: z.array(collectionItemSchema) });
export type CollectionListResult = z.infer<typeof collectionListResultSchema>;

/** `inventory-export`: a CSV file (the router answers it as the file, not as JSON). */
export const fileAnswerSchema = z.object({ fileName: z.string(), contentType: z.string(), body: z.string() });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;

/**
 * The inventory CSV's columns, in the order exported, each with its English and Chinese header (an import matches
 * either, case-insensitive and trimmed).
 */
export const INVENTORY_COLUMNS = [
  { key: 'title', en: 'title', zh: '名称' },
  { key: 'tags', en: 'tags', zh: '标签' },
  { key: 'maker', en: 'maker', zh: '品牌' },
  { key: 'line', en: 'line', zh: '系列' },
  { key: 'character', en: 'character', zh: '角色' },
  { key: 'year', en: 'year', zh: '年份' },
  { key: 'scale', en: 'scale', zh: '比例' },
  { key: 'edition', en: 'edition', zh: '版次' },
  { key: 'condition', en: 'condition', zh: '品相' },
  { key: 'barcode', en: 'barcode', zh: '条形码' },
  { key: 'price', en: 'price', zh: '价格' },
  { key: 'currency', en: 'currency', zh: '币种' },
  { key: 'purchased_on', en: 'purchased_on', zh: '购买日期' },
  { key: 'bought_at', en: 'bought_at', zh: '购买地点' },
  { key: 'storage', en: 'storage', zh: '存放位置' },
  { key: 'notes', en: 'notes', zh: '备注' },
] as const;
export type InventoryColumn = (typeof INVENTORY_COLUMNS)[number]['key'];

/** The largest CSV an import takes (its text, in bytes of UTF-8). */
export const INVENTORY_CSV_MAX_BYTES = 1024 * 1024;

/**
 * What is wrong with a row: a field code (the same as the functions answer) for a column, or one of the import's own:
 * `over_limit` (the shelf's 50-item limit is reached at this row), `no_columns` (no known header), `unreadable` (the
 * CSV cannot be parsed at this row).
 */
export const IMPORT_ROW_ERROR_CODES = [...FIELD_ERROR_CODES, 'over_limit', 'no_columns', 'unreadable'] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];
export const importRowErrorSchema = z.object({ column: z.string().nullable(), code: z.enum(IMPORT_ROW_ERROR_CODES) });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const inventoryCsvInputSchema = z.object({
  csv: text().refine((v) => new TextEncoder().encode(v).byteLength <= INVENTORY_CSV_MAX_BYTES, {
    message: 'The file is larger than 1 MB',
    params: { fieldCode: 'too_long' },
  }),
});

export const inventoryImportPreviewResultSchema = z.object({
  rows: z.array(z.object({ row: z.number().int(), title: z.string().nullable(), errors: z.array(importRowErrorSchema) })),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type InventoryImportPreviewResult = z.infer<typeof inventoryImportPreviewResultSchema>;

export const inventoryImportResultSchema = z.object({ jobId: z.string() });
export const inventoryImportStatusInputSchema = z.object({ jobId: uuidSchema });
export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const inventoryImportStatusResultSchema = z.object({
  state: z.enum(IMPORT_STATES),
  done: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), errors: z.array(importRowErrorSchema) })),
});
export type InventoryImportStatus = z.infer<typeof inventoryImportStatusResultSchema>;
