import { EMPTY_FACTS } from '@curio/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemKeys } from '@/lib/query-keys';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import type { ItemGetResult, VisibleItem } from './get-item';
import { useToggleItemLike } from './toggle-like';
import { useToggleItemSave } from './toggle-save';

const page = (liked: boolean, saved: boolean, likes: number): VisibleItem => ({
  access: 'visible',
  item: {
    id: 'i1',
    title: 'Tin robot',
    tags: [],
    nsfw: false,
    hidden: false,
    hiddenSource: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    chosenCompositeId: null,
    imageId: null,
    altText: null,
    composites: [],
    photos: [],
    facts: EMPTY_FACTS,
    counts: { likes, comments: 0, saves: saved ? 1 : 0, views: 0 },
  },
  owner: { userId: 'o', handle: 'alice', displayName: 'Alice', public: true, avatarImageId: null },
  viewer: { signedIn: true, isOwner: false, isAdmin: false, liked, saved },
});

function setup(data: VisibleItem) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData<ItemGetResult>(itemKeys.detail('i1'), data);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const current = () => queryClient.getQueryData<VisibleItem>(itemKeys.detail('i1'))!;
  return { wrapper, current };
}

describe('like and save on the item page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the state wanted: unliking an item liked earlier sends liked: false', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ liked: false, likeCount: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, current } = setup(page(true, false, 3));
    const { result } = renderHook(() => useToggleItemLike('i1'), { wrapper });
    act(() => result.current.mutate({ liked: true, likes: 3 }));
    expect(current().viewer.liked).toBe(false);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ itemId: 'i1', liked: false });
    expect(current().item.counts.likes).toBe(2);
  });

  it('sends saved: true to save, and keeps the server answer', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ saved: true }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, current } = setup(page(false, false, 0));
    const { result } = renderHook(() => useToggleItemSave('i1'), { wrapper });
    act(() => result.current.mutate({ saved: false }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ itemId: 'i1', saved: true });
    expect(current().viewer.saved).toBe(true);
  });
});
