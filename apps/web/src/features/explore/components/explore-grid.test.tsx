import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerFailureGate } from '@/components/errors/server-error';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ExploreGrid } from './explore-grid';

/** An IntersectionObserver the test drives: it reports the nodes observed while the test says so. */
const observed = new Set<Element>();
let report: ((entries: { isIntersecting: boolean; target: Element }[]) => void)[] = [];
class FakeObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {
    report.push(callback);
  }
  observe(node: Element) {
    observed.add(node);
  }
  unobserve(node: Element) {
    observed.delete(node);
  }
  disconnect() {
    report = report.filter((cb) => cb !== this.callback);
    observed.clear();
  }
}

const card = (n: number) => ({
  itemId: `item-${n}`,
  title: `Card ${n}`,
  imageUrl: `/img/i${n}/thumb`,
  nsfw: false,
  likeCount: 0,
  commentCount: 0,
  saveCount: 0,
  user: { handle: `owner${n}`, avatarImageId: null },
});

describe('ExploreGrid', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('get-session')) return jsonResponse(null);
        const page = Number(new URL(String(url), 'http://localhost').searchParams.get('page') ?? 0);
        return jsonResponse(
          page === 0 ? { items: [card(1), card(2)], nextPage: 1, snapshot: 's1' } : { items: [card(3), card(4)], nextPage: null, snapshot: 's1' },
        );
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    observed.clear();
    report = [];
  });

  it('loads the next page when the sentinel under the cards comes into view', async () => {
    renderWithProviders(<ExploreGrid params={{ sort: 'new', timeRange: '7d', tag: null, includeNSFW: false }} />, { route: '/explore' });
    expect(await screen.findByText('Card 1')).toBeTruthy();
    const sentinel = screen.getByTestId('explore-sentinel');
    // The sentinel is watched once the cards are there (they render after the page's urgent update).
    await waitFor(() => expect(observed.has(sentinel)).toBe(true));
    act(() => report.forEach((cb) => cb([{ isIntersecting: true, target: sentinel }])));
    expect(await screen.findByText('Card 4')).toBeTruthy();
    expect(screen.getAllByText(/^Card \d$/)).toHaveLength(4);
  });

  it('shows "Failed to load items" with Retry in place of the cards when the server fails, not the server-error page', async () => {
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).includes('get-session')) return jsonResponse(null);
        if (failing) return jsonResponse({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
        return jsonResponse({ items: [card(1)], nextPage: null, snapshot: 's1' });
      }),
    );
    renderWithProviders(
      <ServerFailureGate>
        <h1>Explore</h1>
        <ExploreGrid params={{ sort: 'new', timeRange: '7d', tag: null, includeNSFW: false }} />
      </ServerFailureGate>,
      { route: '/explore' },
    );
    const error = await screen.findByTestId('explore-error');
    expect(error.textContent).toContain('Failed to load items');
    // The rest of the page stays (its heading, the filters); no server-error page replaces it.
    expect(screen.getByRole('heading', { name: 'Explore' })).toBeTruthy();
    expect(screen.queryByText('Our server ran into a problem')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Card 1')).toBeTruthy();
    expect(screen.queryByTestId('explore-error')).toBeNull();
  });
});
