import { z } from 'zod';
import { text } from './strings';

/**
 * What an item is, public with the item: maker or brand, line or series, character or subject, year, scale,
 * edition ("12 of 500"), condition and a barcode. Every field is optional and null when unset; texts are
 * trimmed, and an empty text is unset. The same shape is taken by `items-create`, `items-update` and the
 * wanted list, and answered by `item-get`.
 */
export const ITEM_CONDITIONS = ['mint_in_box', 'opened', 'loose', 'damaged'] as const;
export type ItemCondition = (typeof ITEM_CONDITIONS)[number];

export const FACT_LIMITS = {
  /** maker, line, character */
  name: 80,
  scale: 20,
  barcode: 32,
  /** The first year an item may be from; the last is next year (pre-orders). */
  yearMin: 1800,
  editionMax: 1_000_000,
} as const;

/** The last year a fact may name: next year, for pre-orders. */
export const factYearMax = (now = new Date()) => now.getUTCFullYear() + 1;

/** A trimmed optional text: missing, null and blank all mean unset (null). */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** 1:6, 1/144, 1:12, 1/7 … or a word such as "non-scale" (free text, short). */
const scaleSchema = optionalText(FACT_LIMITS.scale);

/** EAN-13, JAN, UPC-A/E, ISBN: digits only (spaces and hyphens are dropped), 6–14 of them. */
const barcodeSchema = text()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.union([z.literal(''), text().regex(/^\d{6,14}$/, 'A barcode is 6 to 14 digits')]))
  .nullish()
  .transform((v) => (v ? v : null));

const yearSchema = z
  .number()
  .int()
  .min(FACT_LIMITS.yearMin)
  .nullish()
  .transform((v) => v ?? null)
  .refine((v) => v === null || v <= factYearMax(), { message: 'The year may be at most next year', params: { fieldCode: 'too_big' } });

export const editionSchema = z
  .object({
    number: z.number().int().min(1).max(FACT_LIMITS.editionMax),
    of: z.number().int().min(1).max(FACT_LIMITS.editionMax),
  })
  .refine((e) => e.number <= e.of, {
    path: ['number'],
    message: 'The number may not be larger than the edition',
    params: { fieldCode: 'too_big' },
  });
export type Edition = z.infer<typeof editionSchema>;

/** The facts as an input: every key optional; a key left out is unset on create and unchanged on update is the caller's choice. */
export const itemFactsInputSchema = z.object({
  maker: optionalText(FACT_LIMITS.name),
  line: optionalText(FACT_LIMITS.name),
  character: optionalText(FACT_LIMITS.name),
  year: yearSchema,
  scale: scaleSchema,
  edition: editionSchema.nullish().transform((v) => v ?? null),
  condition: z
    .enum(ITEM_CONDITIONS)
    .nullish()
    .transform((v) => v ?? null),
  barcode: barcodeSchema,
});
export type ItemFactsInput = z.input<typeof itemFactsInputSchema>;

/**
 * The facts as a change (`items-update`): a key left out stays as it is; null or a blank text clears it.
 */
export const itemFactsPatchSchema = itemFactsInputSchema.partial();
export type ItemFactsPatch = z.output<typeof itemFactsPatchSchema>;

/** The facts as answered: every field present, null when unset. */
export const itemFactsSchema = z.object({
  maker: z.string().nullable(),
  line: z.string().nullable(),
  character: z.string().nullable(),
  year: z.number().int().nullable(),
  scale: z.string().nullable(),
  edition: z.object({ number: z.number().int(), of: z.number().int() }).nullable(),
  condition: z.enum(ITEM_CONDITIONS).nullable(),
  barcode: z.string().nullable(),
});
export type ItemFacts = z.infer<typeof itemFactsSchema>;

/** Facts with nothing set. */
export const EMPTY_FACTS: ItemFacts = {
  maker: null,
  line: null,
  character: null,
  year: null,
  scale: null,
  edition: null,
  condition: null,
  barcode: null,
};
