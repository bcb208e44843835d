import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API } from './api';
import { itemsCreateInputSchema } from './shelf';
import { safeJsonRecord, text, textOrList, UNSAFE_TEXT_MESSAGE } from './strings';

/**
 * Every string a function accepts goes through the contract's string helpers (`text()` and those
 * built on it), so NUL and unpaired surrogates are refused with the same 400 everywhere. Walked from
 * the schemas themselves: a new function or field with a bare `z.string()` fails here.
 */
const UNSAFE_VALUES = ['a\u0000b', 'a\ud800b'];

/** Types that hold no text. */
const SCALARS = new Set(['number', 'int', 'boolean', 'bigint', 'date', 'enum', 'literal', 'null', 'undefined', 'nan', 'void', 'never']);

const refusesAsUnsafe = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return !r.success && r.error.issues.some((i) => i.message === UNSAFE_TEXT_MESSAGE);
};

/** A free-form JSON record that checks its keys and values at every depth (`safeJsonRecord()`). */
const isSafeRecord = (schema: z.ZodType) => UNSAFE_VALUES.every((v) => refusesAsUnsafe(schema, { [v]: 1 }) && refusesAsUnsafe(schema, { k: { k: [v] } }));

/** The paths of the places in an input schema where text enters without the safe-text check. */
function unsafeStrings(schema: z.ZodType, path = '(input)', found: string[] = [], seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return found;
  seen.add(schema);
  // zod 4's definitions, read as data: every wrapper names what it wraps.
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, at: string) => unsafeStrings(child as z.ZodType, at, found, seen);
  switch (def.type) {
    case 'string':
      if (!UNSAFE_VALUES.every((v) => refusesAsUnsafe(schema, v))) found.push(path);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}.*`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'pipe': {
      // What the caller sends meets the pipe's input; after `z.preprocess` (a transform first) it meets the output.
      const input = def.in as z.ZodType;
      walk(input._zod.def.type === 'transform' ? def.out : input, path);
      break;
    }
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'tuple':
      (def.items as z.ZodType[]).forEach((item, i) => walk(item, `${path}[${i}]`));
      if (def.rest) walk(def.rest, `${path}[…]`);
      break;
    case 'union':
      (def.options as z.ZodType[]).forEach((option, i) => walk(option, `${path}<${i}>`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'lazy':
      walk((def.getter as () => z.ZodType)(), path);
      break;
    case 'record':
      if (!isSafeRecord(schema)) {
        walk(def.keyType, `${path}{key}`);
        walk(def.valueType, `${path}{}`);
      }
      break;
    default:
      // unknown, any, custom, a transform on its own, …: text could enter unchecked.
      if (!SCALARS.has(def.type)) found.push(`${path} (${def.type})`);
  }
  return found;
}

describe('the text of every function input', () => {
  it.each(Object.keys(API))('%s refuses NUL and unpaired surrogates in every string', (name) => {
    expect(unsafeStrings(API[name as keyof typeof API].input)).toEqual([]);
  });

  it('finds a bare string however deep it is, and accepts the safe helpers', () => {
    expect(unsafeStrings(z.object({ a: text(), b: z.array(z.object({ c: z.string().min(1).optional() })) }))).toEqual(['(input).b[].c']);
    expect(unsafeStrings(z.object({ id: z.uuid() }))).toEqual(['(input).id']);
    expect(unsafeStrings(z.union([text(), z.array(z.string())]).transform((v) => v))).toEqual(['(input)<1>[]']);
    expect(unsafeStrings(z.object({ props: z.record(z.string(), z.unknown()) }))).toEqual(['(input).props{key}', '(input).props{} (unknown)']);
    expect(unsafeStrings(z.object({ props: safeJsonRecord(), at: text().datetime().nullish(), id: text().uuid() }))).toEqual([]);
    expect(unsafeStrings(z.preprocess((v) => v, z.string()))).toEqual(['(input)']);
  });
});

describe('one text or a list of texts', () => {
  const tags = textOrList(text(), z.array(text()));
  it('refuses unsafe text with its own message, not the union\'s "Invalid input"', () => {
    for (const value of UNSAFE_VALUES) {
      expect(tags.safeParse(value).error?.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
      expect(tags.safeParse(['ok', value]).error?.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
    const r = itemsCreateInputSchema.safeParse({ title: 'Tin robot', tags: 'robots, a\ud83e' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['tags', UNSAFE_TEXT_MESSAGE]]);
  });
  it("accepts either, and keeps zod's message for other mistakes", () => {
    expect(tags.parse('a, b')).toBe('a, b');
    expect(tags.parse(['a', '🤖'])).toEqual(['a', '🤖']);
    expect(tags.safeParse(5).error?.issues[0]?.message).toBe('Invalid input');
  });
});
