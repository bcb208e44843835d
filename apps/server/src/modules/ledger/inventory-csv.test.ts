import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEM_CONDITIONS } from '@curio/contract';
import { parseRow } from './inventory-csv';

/** The web app's locale file of a language. */
const locale = (lng: string) => JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${lng}.json`, import.meta.url), 'utf8'));

/** Each word is read as its condition code, with no error. */
function expectConditions(cases: [word: string, code: string][]) {
  for (const [word, code] of cases) {
    const parsed = parseRow(1, { title: 'Tin robot', condition: word });
    expect(parsed.errors, word).toEqual([]);
    expect(parsed.item?.facts.condition, word).toBe(code);
  }
}

describe('an inventory row’s condition', () => {
  it('takes the code, the app’s own English and Chinese labels and common synonyms', () => {
    expectConditions([
      ['mint_in_box', 'mint_in_box'],
      ['Mint in box', 'mint_in_box'],
      ['mint-in-box', 'mint_in_box'],
      ['MIB', 'mint_in_box'],
      ['全新未拆', 'mint_in_box'],
      ['opened', 'opened'],
      ['Opened', 'opened'],
      ['已拆封', 'opened'],
      ['loose', 'loose'],
      ['Loose', 'loose'],
      ['裸件', 'loose'],
      ['damaged', 'damaged'],
      ['Damaged', 'damaged'],
      ['有损坏', 'damaged'],
    ]);
  });

  it('takes the Chinese labels the app showed before they were made one wording (有损, 已开封, 有损伤, 已拆盒)', () => {
    expectConditions([
      ['有损', 'damaged'],
      ['有损伤', 'damaged'],
      ['已开封', 'opened'],
      ['已拆盒', 'opened'],
      [' 已拆盒 ', 'opened'],
    ]);
  });

  it('takes every condition label the web app shows (collection, fact sheet, wanted list) in English and Chinese', () => {
    for (const lng of ['en', 'zh-CN']) {
      const l = locale(lng);
      for (const labels of [l.collection.conditions, l.facts.condition, l.wanted.conditions] as Record<string, string>[]) {
        expect(Object.keys(labels).sort(), lng).toEqual([...ITEM_CONDITIONS].sort());
        for (const code of ITEM_CONDITIONS)
          expect(parseRow(1, { title: 'Tin robot', condition: labels[code] }).item?.facts.condition, `${lng} ${labels[code]}`).toBe(code);
      }
    }
    // One wording everywhere in Chinese.
    const zh = locale('zh-CN');
    expect(zh.collection.conditions).toEqual({ mint_in_box: '全新未拆', opened: '已拆封', loose: '裸件', damaged: '有损坏' });
    expect(zh.facts.condition).toEqual(zh.collection.conditions);
    expect(zh.wanted.conditions).toEqual(zh.collection.conditions);
  });

  it('refuses a condition it does not know, naming the column', () => {
    expect(parseRow(3, { title: 'Tin robot', condition: 'like new-ish' }).errors).toEqual([{ column: 'condition', code: 'invalid_value' }]);
  });
});
