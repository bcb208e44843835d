import { describe, expect, it } from 'vitest';
import { fieldErrorCode } from './errors';
import { CURRENCIES, INVENTORY_COLUMNS, itemsLedgerUpdateInputSchema, ledgerFieldsSchema } from './ledger';

const ID = '3f2b6c1e-8a4d-4c2e-9b7f-1a2b3c4d5e6f';
const codeOf = (input: unknown) => {
  const r = itemsLedgerUpdateInputSchema.safeParse({ itemId: ID, ...(input as object) });
  return r.success ? null : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), fieldErrorCode(i)]));
};

describe('the ledger’s input', () => {
  it('takes ISO 4217 codes (any case) and refuses others', () => {
    expect(CURRENCIES).toContain('CNY');
    expect(CURRENCIES).toContain('EUR');
    expect(itemsLedgerUpdateInputSchema.parse({ itemId: ID, pricePaid: { amount: 12.5, currency: ' jpy ' } }).pricePaid).toEqual({
      amount: 12.5,
      currency: 'JPY',
    });
    expect(codeOf({ pricePaid: { amount: 1, currency: 'ABC' } })).toEqual({ 'pricePaid.currency': 'invalid_value' });
    expect(codeOf({ pricePaid: { amount: 1, currency: 'RMB' } })).toEqual({ 'pricePaid.currency': 'invalid_value' });
  });

  it('takes amounts from 0 to 100,000,000 with at most two decimals', () => {
    expect(codeOf({ pricePaid: { amount: 0, currency: 'USD' } })).toBeNull();
    // Floating-point noise is not a third decimal; a third decimal is.
    expect(codeOf({ pricePaid: { amount: 0.1 + 0.2, currency: 'USD' } })).toBeNull();
    expect(codeOf({ pricePaid: { amount: 0.301, currency: 'USD' } })).toEqual({ 'pricePaid.amount': 'invalid_format' });
    expect(codeOf({ pricePaid: { amount: 19.99, currency: 'USD' } })).toBeNull();
    expect(codeOf({ pricePaid: { amount: 100_000_000, currency: 'USD' } })).toBeNull();
    expect(codeOf({ pricePaid: { amount: 100_000_000.01, currency: 'USD' } })).toEqual({ 'pricePaid.amount': 'too_big' });
    expect(codeOf({ pricePaid: { amount: -0.01, currency: 'USD' } })).toEqual({ 'pricePaid.amount': 'too_small' });
    expect(codeOf({ pricePaid: { amount: Number.NaN, currency: 'USD' } })).not.toBeNull();
  });

  it('takes a real calendar date, not in the future', () => {
    expect(codeOf({ purchasedOn: '2024-02-29' })).toBeNull();
    expect(codeOf({ purchasedOn: '2023-02-29' })).toEqual({ purchasedOn: 'invalid_format' });
    expect(codeOf({ purchasedOn: '2024-2-9' })).toEqual({ purchasedOn: 'invalid_format' });
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(codeOf({ purchasedOn: nextWeek })).toEqual({ purchasedOn: 'too_big' });
    expect(codeOf({ purchasedOn: new Date().toISOString().slice(0, 10) })).toBeNull();
  });

  it('trims texts, clears blanks and null, and leaves out what is not given', () => {
    expect(ledgerFieldsSchema.parse({ boughtAt: '  Mandarake ', storage: '   ', notes: null })).toEqual({ boughtAt: 'Mandarake', storage: null, notes: null });
    expect(ledgerFieldsSchema.parse({})).toEqual({});
    expect(codeOf({ notes: 'x'.repeat(2001) })).toEqual({ notes: 'too_long' });
  });

  it('names every import column in English and Chinese, once', () => {
    expect(new Set(INVENTORY_COLUMNS.map((c) => c.en)).size).toBe(16);
    expect(new Set(INVENTORY_COLUMNS.map((c) => c.zh)).size).toBe(16);
  });
});
