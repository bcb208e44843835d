import { ALT_TEXT_MAX, EMPTY_FACTS } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { altTextPrefill } from './alt-text';

describe('altTextPrefill', () => {
  it('is the title alone when nothing else is known', () => {
    expect(altTextPrefill({ title: '  Tin robot ' })).toBe('Tin robot');
  });

  it('adds the tags in brackets, each once, leaving out one that repeats the title', () => {
    expect(altTextPrefill({ title: 'Tin robot', tags: ['robots', 'tin', 'robots', 'Tin robot'] })).toBe('Tin robot (robots, tin)');
  });

  it('puts the facts first when the item has them', () => {
    const facts = { ...EMPTY_FACTS, maker: 'Masudaya', year: 1985, scale: '1:6', edition: { number: 12, of: 500 } };
    expect(altTextPrefill({ title: 'Robby', tags: ['robots'], facts })).toBe('Robby (Masudaya, 1985, 1:6, 12/500, robots)');
  });

  it('stays within the alt text limit', () => {
    const text = altTextPrefill({ title: 'x'.repeat(100), tags: Array.from({ length: 20 }, (_, i) => `tag-${i}-${'y'.repeat(30)}`) });
    expect(text.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
  });
});
