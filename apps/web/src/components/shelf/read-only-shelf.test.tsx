import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ReadOnlyShelf } from './read-only-shelf';

afterEach(cleanup);

const item = (id: string, col: number, row: number, nsfw = false) => ({ id, title: `Item ${id}`, imageId: `img-${id}`, nsfw, col, row });

describe('a visited shelf', () => {
  it('loads the top plank’s pictures at once and ahead of the rest (an NSFW one stays lazy), the lower planks lazily', () => {
    renderWithProviders(
      <ReadOnlyShelf
        layout={{ cols: 3, rows: 2 }}
        placed={[item('a', 0, 0), item('b', 1, 0, true), item('c', 2, 0), item('d', 0, 1)]}
        overflow={[]}
        label="Shelf"
      />,
      { withAuth: false },
    );
    const img = (id: string) => screen.getByTestId('public-shelf-grid').querySelector(`img[src="/img/img-${id}/thumb"]`)!;
    for (const id of ['a', 'c']) {
      expect(img(id).getAttribute('loading'), id).toBe('eager');
      expect(img(id).getAttribute('fetchpriority'), id).toBe('high');
    }
    for (const id of ['b', 'd']) {
      expect(img(id).getAttribute('loading'), id).toBe('lazy');
      expect(img(id).getAttribute('fetchpriority'), id).toBe('auto');
    }
  });
});
