import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { creditRefillSchema, dmcaSubmitInputSchema, errorEnvelopeSchema, fieldErrorCode, onboardingInputSchema, text, textOrList } from './index';

const codes = (r: { error?: z.ZodError }) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), fieldErrorCode(i)]));

describe('fieldErrorCode', () => {
  it('tells an empty text from a short, a long and a malformed one', () => {
    expect(codes(onboardingInputSchema.safeParse({ handle: 'a b', displayName: '  ', bio: 'x'.repeat(301) }))).toEqual({
      handle: 'invalid_format',
      displayName: 'required',
      bio: 'too_long',
    });
    expect(codes(z.object({ p: z.string().min(8) }).safeParse({ p: 'short' }))).toEqual({ p: 'too_short' });
  });

  it('names numbers below, above and between whole values', () => {
    expect(codes(creditRefillSchema.safeParse({ amount: -1, everyDays: 366 }))).toEqual({ amount: 'too_small', everyDays: 'too_big' });
    expect(codes(creditRefillSchema.safeParse({ amount: 2.5, everyDays: 1 }))).toEqual({ amount: 'not_integer' });
  });

  it("takes a refinement's own code, and unsafe text through a union", () => {
    expect(codes(z.object({ s: text() }).safeParse({ s: 'a\u0000b' }))).toEqual({ s: 'unsafe_text' });
    expect(codes(z.object({ s: textOrList(text(), z.array(text())) }).safeParse({ s: 'a\u0000b' }))).toEqual({ s: 'unsafe_text' });
    const notice = { claimantName: 'A', claimantEmail: 'a@b.co', signature: 'A', workDescription: 'w', goodFaith: true, perjury: false };
    expect(codes(dmcaSubmitInputSchema.safeParse({ ...notice, infringingUrls: 'javascript:alert(1)' }))).toEqual({ infringingUrls: 'invalid_format' });
    expect(codes(dmcaSubmitInputSchema.safeParse({ ...notice, infringingUrls: 'https://copy.example/a' }))).toEqual({ goodFaith: 'required' });
  });

  it('calls a wrong type invalid_type and an unknown choice invalid_value', () => {
    expect(codes(z.object({ n: z.number(), e: z.enum(['a', 'b']) }).safeParse({ n: 'x', e: 'c' }))).toEqual({ n: 'invalid_type', e: 'invalid_value' });
  });
});

describe('errorEnvelopeSchema', () => {
  it('carries field codes, not texts', () => {
    expect(errorEnvelopeSchema.safeParse({ error: { code: 'validation_failed', message: 'x', fields: { email: 'invalid_format' } } }).success).toBe(true);
    expect(
      errorEnvelopeSchema.safeParse({ error: { code: 'validation_failed', message: 'x', fields: { email: 'Enter a valid email address' } } }).success,
    ).toBe(false);
  });
});
