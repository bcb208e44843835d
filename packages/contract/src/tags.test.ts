import { describe, expect, it } from 'vitest';
import { itemsCreateInputSchema, parseTags } from './shelf';
import { itemsUpdateInputSchema } from './social';

describe('parseTags', () => {
  it('splits on the comma', () => {
    expect(parseTags(' robots, tin ,, Robots ')).toEqual(['robots', 'tin']);
  });

  it('splits on the full-width and enumeration commas a Chinese keyboard types', () => {
    expect(parseTags('机器人，复古、铁皮玩具, 太空')).toEqual(['机器人', '复古', '铁皮玩具', '太空']);
  });

  it('keeps an array as given (trimmed, no duplicates)', () => {
    expect(parseTags(['机器人，复古', ' 机器人，复古 '])).toEqual(['机器人，复古']);
  });
});

describe('tags in the item schemas', () => {
  it('creating an item splits Chinese commas', () => {
    const parsed = itemsCreateInputSchema.parse({ title: '铁皮机器人', tags: '机器人，复古' });
    expect(parsed.tags).toEqual(['机器人', '复古']);
  });

  it('editing an item splits Chinese commas', () => {
    const parsed = itemsUpdateInputSchema.parse({ itemId: '00000000-0000-4000-8000-000000000000', title: '铁皮机器人', tags: '机器人、复古', nsfw: false });
    expect(parsed.tags).toEqual(['机器人', '复古']);
  });
});
