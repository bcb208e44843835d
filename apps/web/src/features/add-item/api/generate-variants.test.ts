import { describe, expect, it, vi } from 'vitest';
import { generateVariants } from './generate-variants';

const fake = vi.hoisted(() => ({
  language: 'en',
  callFunction: vi.fn(async (_name: string, _input: unknown) => ({ variants: [], simpleCut: [], treatment: null })),
}));
vi.mock('@/lib/api-client', () => ({ callFunction: fake.callFunction }));
vi.mock('@/lib/i18n', () => ({ currentLanguage: () => fake.language }));

describe('generateVariants', () => {
  it('sends the language the app is shown in, for the words drawn on the images', async () => {
    const itemId = '6f1c2a4e-0b7d-4c55-9a43-2f8e1d0c9b11';
    await generateVariants({ itemId, style: 'museum_brick_exhibit' });
    fake.language = 'zh-CN';
    await generateVariants({ itemId, style: 'bright_gallery' });
    expect(fake.callFunction.mock.calls).toEqual([
      ['items-generate', { itemId, style: 'museum_brick_exhibit', lang: 'en' }],
      ['items-generate', { itemId, style: 'bright_gallery', lang: 'zh-CN' }],
    ]);
  });
});
