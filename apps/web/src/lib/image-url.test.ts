import { describe, expect, it } from 'vitest';
import { compositeSrcSet, compositeSrcSetFromUrl, imageUrl } from './image-url';

describe('image addresses', () => {
  it('offers both composite variants with their real widths', () => {
    expect(compositeSrcSet('abc')).toBe('/img/abc/thumb 384w, /img/abc/public 1200w');
    expect(imageUrl('a b', 'thumb')).toBe('/img/a%20b/thumb');
  });

  it('derives the srcset from a served address, and none from anything else', () => {
    expect(compositeSrcSetFromUrl('/img/abc/thumb')).toBe(compositeSrcSet('abc'));
    expect(compositeSrcSetFromUrl('https://cdn.example/x.webp')).toBeUndefined();
  });
});
