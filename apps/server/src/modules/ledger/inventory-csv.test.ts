import { describe, expect, it } from 'vitest';
import { parseRow } from './inventory-csv';

describe('an inventory row’s condition', () => {
  it('takes the code, the app’s own English and Chinese labels and common synonyms', () => {
    const cases: [string, string][] = [
      ['mint_in_box', 'mint_in_box'],
      ['Mint in box', 'mint_in_box'],
      ['全新未拆', 'mint_in_box'],
      ['Opened', 'opened'],
      ['已拆封', 'opened'],
      ['已开封', 'opened'],
      ['Loose', 'loose'],
      ['裸件', 'loose'],
      ['Damaged', 'damaged'],
      ['有损坏', 'damaged'],
    ];
    for (const [word, code] of cases) {
      const parsed = parseRow(1, { title: 'Tin robot', condition: word });
      expect(parsed.errors, word).toEqual([]);
      expect(parsed.item?.facts.condition, word).toBe(code);
    }
  });

  it('refuses a condition it does not know, naming the column', () => {
    expect(parseRow(3, { title: 'Tin robot', condition: 'like new-ish' }).errors).toEqual([{ column: 'condition', code: 'invalid_value' }]);
  });
});
