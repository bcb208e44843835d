import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { OptionalMark, optionalGap } from '@/components/ui/optional-mark';
import en from './en.json';
import zhCN from './zh-CN.json';

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

const entries = flatten(zhCN as Catalog);
const matching = (pattern: RegExp, except: (key: string) => boolean = () => false) =>
  entries.filter(([key, value]) => pattern.test(value) && !except(key)).map(([key, value]) => `${key}: ${value}`);

/** The Chinese catalog's house style: one word for one thing, and Chinese punctuation in Chinese text. */
describe('zh-CN catalog style', () => {
  it('calls an account 账号 (账户 only for an Ethereum wallet account)', () => {
    expect(matching(/账户/, (key) => key.startsWith('authEthereum.'))).toEqual([]);
  });

  it('marks optional fields （选填）, never （可选）', () => {
    expect(matching(/（可选）|\(可选\)|\(选填\)/)).toEqual([]);
  });

  it('names Explore 发现 as the navigation does', () => {
    expect(matching(/探索/)).toEqual([]);
  });

  it('uses full-width punctuation after Chinese characters', () => {
    // An ASCII comma, colon, semicolon, question or exclamation mark right after a Chinese character.
    expect(matching(/[\u4e00-\u9fff][,:;?!]/)).toEqual([]);
  });

  it('puts item titles in 《》 and quotes in “”, never the corner brackets 「」 of Traditional Chinese and Japanese', () => {
    expect(matching(/[「」『』]/)).toEqual([]);
  });

  it('opens and closes every Chinese quotation', () => {
    const unbalanced = entries
      .filter(([, value]) => (value.match(/“/g) ?? []).length !== (value.match(/”/g) ?? []).length || /"/.test(value))
      .map(([key, value]) => `${key}: ${value}`);
    expect(unbalanced).toEqual([]);
  });
});

/** Every component's source, to find optional marks written by hand. */
const sources = import.meta.glob(['../**/*.tsx', '!../**/*.test.tsx'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('the optional mark after a label', () => {
  const label = (text: string, mark?: string) =>
    render(createElement('label', null, text, createElement(OptionalMark, mark === undefined ? {} : { text: mark }))).container.textContent;

  it('has no space before the full-width （选填）, whose bracket brings its own gap; Latin "(optional)" gets one', () => {
    expect(label(zhCN.addItem.details.tagsLabel, zhCN.common.optional)).toBe('标签（选填）');
    expect(label(zhCN.dmca.fields.claimantPhone, zhCN.dmca.optional)).toBe('电话（选填）');
    expect(label(en.addItem.details.tagsLabel)).toBe('Tags (optional)');
    for (const mark of [zhCN.common.optional, zhCN.dmca.optional]) expect(optionalGap(mark)).toBe('');
    for (const mark of [en.common.optional, en.dmca.optional]) expect(optionalGap(mark)).toBe(' ');
  });

  // `{t('common.optional')}` as a child is a mark written by hand; `text={t('dmca.optional')}` is a prop.
  it('is drawn by <OptionalMark> everywhere, never by a hand-written space and span', () => {
    const byHand = Object.entries(sources)
      .filter(([path]) => !path.endsWith('/optional-mark.tsx'))
      .filter(([, source]) => /(?<!=)\{t\('(?:common|dmca)\.optional'\)\}/.test(source))
      .map(([path]) => path);
    expect(byHand).toEqual([]);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });
});
