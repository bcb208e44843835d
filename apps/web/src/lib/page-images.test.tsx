import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { pageImages, PageImagesProvider, usePageImages } from './page-images';

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

describe('usePageImages', () => {
  function Shown() {
    return <p>{usePageImages().join(',') || 'none'}</p>;
  }
  const at = (route: string, provider?: { path: string; ids: string[] }) =>
    renderToString(
      <MemoryRouter initialEntries={[route]}>
        {provider ? (
          <PageImagesProvider {...provider}>
            <Shown />
          </PageImagesProvider>
        ) : (
          <Shown />
        )}
      </MemoryRouter>,
    );

  it('takes the images a render outside the browser was given for its address, ahead of any meta, and none for another address', () => {
    meta('from-meta', '/explore');
    expect(at('/explore', { path: '/explore', ids: ['t0', 't1'] })).toBe('<p>t0,t1</p>');
    expect(at('/explore?sort=top', { path: '/explore', ids: ['t0'] })).toBe('<p>none</p>');
    // In the browser (no provider) the page reads the server's meta.
    expect(at('/explore')).toBe('<p>from-meta</p>');
  });
});
