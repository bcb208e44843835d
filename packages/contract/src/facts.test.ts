import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorCode } from './errors';
import { EMPTY_FACTS, factYearMax, itemFactsInputSchema } from './facts';

/** The first problem of each field, by its path, as the server's error envelope names them. */
function fieldErrors(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.')] ??= fieldErrorCode(issue);
  return fields;
}

describe('item facts', () => {
  it('trims texts, treats blank and missing as unset, and answers every field', () => {
    const r = itemFactsInputSchema.parse({ maker: '  Bandai ', line: '   ', scale: '1/144' });
    expect(r).toEqual({ ...EMPTY_FACTS, maker: 'Bandai', scale: '1/144' });
    expect(itemFactsInputSchema.parse({})).toEqual(EMPTY_FACTS);
  });

  it('keeps a barcode as its digits and refuses one that is not 6 to 14 digits', () => {
    expect(itemFactsInputSchema.parse({ barcode: '4 573102-616074' }).barcode).toBe('4573102616074');
    expect(itemFactsInputSchema.parse({ barcode: ' ' }).barcode).toBeNull();
    const bad = itemFactsInputSchema.safeParse({ barcode: 'abc123' });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error!)).toEqual({ barcode: 'invalid_format' });
  });

  it('takes a year from 1800 to next year', () => {
    expect(itemFactsInputSchema.parse({ year: 1800 }).year).toBe(1800);
    expect(itemFactsInputSchema.parse({ year: factYearMax() }).year).toBe(factYearMax());
    expect(fieldErrors(itemFactsInputSchema.safeParse({ year: 1799 }).error!)).toEqual({ year: 'too_small' });
    expect(fieldErrors(itemFactsInputSchema.safeParse({ year: factYearMax() + 1 }).error!)).toEqual({ year: 'too_big' });
    expect(fieldErrors(itemFactsInputSchema.safeParse({ year: 1999.5 }).error!)).toEqual({ year: 'not_integer' });
  });

  it('takes an edition whose number is at most its size', () => {
    expect(itemFactsInputSchema.parse({ edition: { number: 12, of: 500 } }).edition).toEqual({ number: 12, of: 500 });
    expect(fieldErrors(itemFactsInputSchema.safeParse({ edition: { number: 501, of: 500 } }).error!)).toEqual({ 'edition.number': 'too_big' });
  });

  it('takes one of the four conditions', () => {
    expect(itemFactsInputSchema.parse({ condition: 'loose' }).condition).toBe('loose');
    expect(fieldErrors(itemFactsInputSchema.safeParse({ condition: 'new' }).error!)).toEqual({ condition: 'invalid_value' });
  });
});
