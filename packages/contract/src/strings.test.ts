import { describe, expect, it } from 'vitest';
import { analyticsTrackSchema, announcementSettingSchema, inviteRedeemInputSchema, onboardingInputSchema } from './schemas';
import { itemsCreateInputSchema, tagsSchema, uploadsSignInputSchema } from './shelf';
import { commentsCreateInputSchema, exploreListInputSchema, mentionsSearchInputSchema } from './social';
import { HTTP_URL_MESSAGE, httpUrl, isSafeText, NESTING_MESSAGE, text, UNSAFE_TEXT_MESSAGE, unsafeJsonReason } from './strings';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800';
const LONE_LOW = '\udc00b';
const REVERSED_PAIR = '\udc00\ud800';
const PAIR_THEN_LOW = '\ud83e\udd16\udd16';

describe('safe text', () => {
  it.each([NUL, LONE_HIGH, LONE_LOW, REVERSED_PAIR, PAIR_THEN_LOW, 'x\udc00', '\u0000'])('refuses %j', (value) => {
    expect(isSafeText(value)).toBe(false);
    const r = text().safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it.each(['', 'plain', 'emoji 🤖 (a surrogate pair)', '🤖🤖', 'a🤖', '展柜', 'tab\tand\nnewline', '\u0001'])('accepts %j', (value) => {
    expect(isSafeText(value)).toBe(true);
    expect(text().parse(value)).toBe(value);
  });

  it('checks before trimming and keeps the chained rules', () => {
    expect(text().trim().max(3).parse('  ab ')).toBe('ab');
    expect(text().trim().max(3).safeParse('abcd').success).toBe(false);
    const r = text().trim().min(1).safeParse(' \u0000 ');
    expect(r.error?.issues.map((i) => i.message)).toEqual([UNSAFE_TEXT_MESSAGE]);
  });
});

describe('free-form JSON', () => {
  it('checks keys and string values at every depth', () => {
    expect(unsafeJsonReason({ a: 'x', b: [1, 'y', { c: true }] })).toBeNull();
    expect(unsafeJsonReason({ a: [{ b: LONE_HIGH }] })).toBe(UNSAFE_TEXT_MESSAGE);
    expect(unsafeJsonReason({ a: { [NUL]: 1 } })).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('bounds nesting without recursing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeJsonReason(deep)).toBe(NESTING_MESSAGE);
  });
});

describe('function inputs refuse NUL and lone surrogates', () => {
  const cases: [string, { safeParse(v: unknown): { success: boolean } }, unknown][] = [
    ['explore-list tag', exploreListInputSchema, { tag: NUL }],
    ['mentions-search q', mentionsSearchInputSchema, { q: 'a\u0000' }],
    ['analytics-track prop value', analyticsTrackSchema, { name: 'page_view', props: { ref: LONE_HIGH } }],
    ['analytics-track nested prop value', analyticsTrackSchema, { name: 'page_view', props: { a: { b: [NUL] } } }],
    ['analytics-track prop key', analyticsTrackSchema, { name: 'page_view', props: { [LONE_LOW]: 1 } }],
    ['analytics-track path', analyticsTrackSchema, { name: 'page_view', path: `/${NUL}` }],
    ['items-create title', itemsCreateInputSchema, { title: LONE_HIGH }],
    ['items-create tags', itemsCreateInputSchema, { title: 'ok', tags: `robots, ${NUL}` }],
    ['tags as an array', tagsSchema, ['ok', LONE_LOW]],
    ['uploads-sign file name', uploadsSignInputSchema, { fileName: NUL, contentType: 'image/jpeg' }],
    ['comments-create body', commentsCreateInputSchema, { itemId: crypto.randomUUID(), body: `hi ${NUL}` }],
    ['onboarding display name', onboardingInputSchema, { handle: 'abc', displayName: LONE_HIGH }],
    ['invite code', inviteRedeemInputSchema, { code: `CURIO-${NUL}` }],
    ['announcement title', announcementSettingSchema, { title: NUL, textEn: 'x' }],
  ];
  it.each(cases)('%s', (_label, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('still accepts ordinary input', () => {
    expect(analyticsTrackSchema.parse({ name: 'page_view', props: { ref: 'home', n: [1, { ok: '🤖' }] } }).props).toEqual({
      ref: 'home',
      n: [1, { ok: '🤖' }],
    });
    expect(exploreListInputSchema.parse({ tag: 'robots' }).tag).toBe('robots');
  });
});

describe('links people enter', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<b>x</b>',
    'vbscript:x',
    'ftp://example.com/',
    '//example.com/x',
    'not a url',
  ])('refuses %j', (linkUrl) => {
    const r = announcementSettingSchema.safeParse({ title: 't', textEn: 'x', linkUrl });
    expect(r.success).toBe(false);
    expect(httpUrl().safeParse(linkUrl).error?.issues[0]?.message).toBe(HTTP_URL_MESSAGE);
  });

  it.each(['https://example.com/news', 'http://localhost:3000/i/1', 'HTTPS://EXAMPLE.COM'])('accepts %j', (linkUrl) => {
    expect(announcementSettingSchema.safeParse({ title: 't', textEn: 'x', linkUrl }).success).toBe(true);
  });
});
