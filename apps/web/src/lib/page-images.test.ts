import { afterEach, describe, expect, it } from 'vitest';
import { pageImages } from './page-images';

const meta = (content: string, path: string) => {
  const el = document.createElement('meta');
  el.name = 'curio-page-images';
  el.content = content;
  el.dataset.path = path;
  document.head.append(el);
};

afterEach(() => document.head.querySelectorAll('meta[name="curio-page-images"]').forEach((el) => el.remove()));

describe('pageImages', () => {
  it('answers the images the server named for this very address', () => {
    meta('a1 b_2 c-3', '/explore');
    expect(pageImages('/explore')).toEqual(['a1', 'b_2', 'c-3']);
  });

  it('answers none for another address (a page reached later in the app), or without the meta', () => {
    expect(pageImages('/explore')).toEqual([]);
    meta('a1', '/i/1');
    expect(pageImages('/i/2')).toEqual([]);
    expect(pageImages('/i/1?tab=photos')).toEqual([]);
  });

  it('drops anything that is no image id', () => {
    meta('a1 ../x "><b', '/explore');
    expect(pageImages('/explore')).toEqual(['a1']);
  });
});
