import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertMatchesContract, functionNameOf, undeclaredFields } from './contract-check';

const card = (extra: Record<string, unknown> = {}, user: Record<string, unknown> = {}) => ({
  itemId: 'i1',
  title: 'Tin robot',
  imageUrl: '/img/x',
  altText: null,
  nsfw: false,
  likeCount: 0,
  commentCount: 0,
  saveCount: 0,
  user: { handle: 'ann', avatarImageId: null, ...user },
  ...extra,
});

describe('the contract check of API answers', () => {
  it('accepts an answer that matches the output schema', () => {
    expect(() => assertMatchesContract('get-credit-balance', { balance: 30, nextRefillAt: null, refillAmount: null })).not.toThrow();
    expect(() => assertMatchesContract('explore-list', { items: [card(), card({ liked: true })], nextPage: null, snapshot: 's' })).not.toThrow();
  });
  it('fails on drift: a missing or mistyped field', () => {
    expect(() => assertMatchesContract('get-credit-balance', { credits: 30 })).toThrow(/balance/);
    expect(() => assertMatchesContract('social-like-toggle', { liked: 'yes', likeCount: 1 })).toThrow(/liked/);
    expect(() => assertMatchesContract('explore-list', { items: [card({ likeCount: '3' })], nextPage: null, snapshot: 's' })).toThrow(/items\.0\.likeCount/);
  });
  it('fails on drift: a field the output schema does not declare, however deep', () => {
    expect(() => assertMatchesContract('get-credit-balance', { balance: 30, nextRefillAt: null, refillAmount: null, userId: 'u1' })).toThrow(
      /does not declare: userId/,
    );
    expect(() => assertMatchesContract('explore-list', { items: [card(), card({}, { email: 'ann@example.com' })], nextPage: null, snapshot: 's' })).toThrow(
      /does not declare: items\[\]\.user\.email/,
    );
  });
  it('fails on a function the contract does not declare', () => {
    expect(() => assertMatchesContract('no-such-function', {})).toThrow(/not in the contract/);
  });
});

describe('undeclared fields', () => {
  const check = (schema: z.ZodType, json: unknown) => undeclaredFields(json, schema.parse(json));

  it('are the keys that parsing dropped, in objects within arrays, unions and nullable fields', () => {
    const schema = z.object({
      a: z.array(z.object({ b: z.number() })),
      c: z.object({ d: z.string() }).nullable(),
      e: z.union([z.object({ type: z.literal('x'), x: z.number() }), z.object({ type: z.literal('y') })]),
    });
    expect(check(schema, { a: [{ b: 1 }, { b: 2 }], c: null, e: { type: 'y' } })).toEqual([]);
    expect(check(schema, { a: [{ b: 1 }, { b: 2, z: 0 }], c: { d: '', z: 0 }, e: { type: 'y', x: 1 }, z: 0 })).toEqual(['a[1].z', 'c.z', 'e.x', 'z']);
  });
  it('leave alone what keeps its keys: records, loose objects, unknown values', () => {
    const schema = z.object({
      counts: z.record(z.string(), z.number()),
      byKind: z.record(z.string(), z.object({ n: z.number() })),
      loose: z.looseObject({ a: z.number() }),
      any: z.unknown(),
    });
    expect(check(schema, { counts: { x: 1, y: 2 }, byKind: { x: { n: 1 } }, loose: { a: 1, b: 2 }, any: { deep: { er: 1 } } })).toEqual([]);
    // A record's values are still objects of their own schema.
    expect(check(schema, { counts: {}, byKind: { x: { n: 1, leaked: true } }, loose: { a: 1 }, any: null })).toEqual(['byKind.x.leaked']);
  });
});

describe('the function a path names', () => {
  it('is the name under /functions/v1/, with or without a query', () => {
    expect(functionNameOf('/functions/v1/item-get?itemId=1')).toBe('item-get');
    expect(functionNameOf('/functions/v1/saves-list')).toBe('saves-list');
    expect(functionNameOf('/auth/v1/get-session')).toBeNull();
    expect(functionNameOf('/functions/v1/')).toBeNull();
  });
});
