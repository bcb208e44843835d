import { EMPTY_FACTS } from '@curio/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { VisibleItem } from '../api/get-item';
import { ItemActions } from './item-actions';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const data: VisibleItem = {
  access: 'visible',
  item: {
    id: '00000000-0000-4000-8000-0000000000aa',
    title: 'Tin robot',
    tags: [],
    nsfw: false,
    hidden: false,
    hiddenSource: null,
    createdAt: '2025-01-01T00:00:00Z',
    chosenCompositeId: 'c1',
    imageId: 'img1',
    altText: null,
    composites: [],
    photos: [],
    facts: EMPTY_FACTS,
    counts: { likes: 0, comments: 0, saves: 0, views: 0 },
  },
  owner: { userId: 'owner', handle: 'alice', displayName: 'Alice', public: true, avatarImageId: null },
  viewer: { signedIn: true, isOwner: false, isAdmin: false, liked: false, saved: false, canMessage: true },
};
const withViewer = (viewer: Partial<VisibleItem['viewer']>): VisibleItem => ({ ...data, viewer: { ...data.viewer, ...viewer } });

describe('ItemActions Message button', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(null)),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('is offered to a signed-in visitor the owner admits', () => {
    renderWithProviders(<ItemActions data={data} />);
    expect(screen.getByTestId('item-message-owner').textContent).toBe('Message');
  });

  it('is not offered when the owner blocked the visitor (canMessage false), nor without the flag', () => {
    const { unmount } = renderWithProviders(<ItemActions data={withViewer({ canMessage: false })} />);
    expect(screen.getByTestId('item-report')).toBeTruthy();
    expect(screen.queryByTestId('item-message-owner')).toBeNull();
    unmount();
    renderWithProviders(<ItemActions data={withViewer({ canMessage: undefined })} />);
    expect(screen.queryByTestId('item-message-owner')).toBeNull();
  });

  it('is not offered to guests or the owner', () => {
    const { unmount } = renderWithProviders(<ItemActions data={withViewer({ signedIn: false, canMessage: undefined })} />);
    expect(screen.queryByTestId('item-message-owner')).toBeNull();
    unmount();
    renderWithProviders(<ItemActions data={withViewer({ isOwner: true, canMessage: undefined })} />);
    expect(screen.queryByTestId('item-message-owner')).toBeNull();
  });
});
