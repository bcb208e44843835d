import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exploreKeys } from '@/lib/query-keys';
import { createTestQueryClient, deferred, jsonResponse } from '@/testing/test-utils';
import type { ExploreItem, ExploreListResult } from './get-explore-list';
import { useToggleCardLike } from './toggle-like';
import { useToggleCardSave } from './toggle-save';

const card = (itemId: string, likeCount: number, saveCount = 0): ExploreItem => ({
  itemId,
  title: itemId,
  imageUrl: `/img/${itemId}/thumb`,
  nsfw: false,
  likeCount,
  commentCount: 0,
  saveCount,
  user: { handle: 'alice', avatarImageId: null },
});

const feedKey = exploreKeys.feed({ sort: 'trending' });
const galleryKey = exploreKeys.list({ limit: 8 });

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData<InfiniteData<ExploreListResult>>(feedKey, {
    pages: [{ items: [card('a', 5, 2), card('b', 1)], nextPage: 1, snapshot: 's' }],
    pageParams: [{ page: 0 }],
  });
  queryClient.setQueryData<ExploreListResult>(galleryKey, { items: [card('a', 5, 2)], nextPage: null });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const likeCount = () => queryClient.getQueryData<InfiniteData<ExploreListResult>>(feedKey)!.pages[0]!.items[0]!.likeCount;
  const galleryLikeCount = () => queryClient.getQueryData<ExploreListResult>(galleryKey)!.items[0]!.likeCount;
  const saveCount = () => queryClient.getQueryData<InfiniteData<ExploreListResult>>(feedKey)!.pages[0]!.items[0]!.saveCount;
  const viewer = () => queryClient.getQueryData<Record<string, { liked?: boolean; saved?: boolean }>>(exploreKeys.viewer())?.a ?? {};
  return { queryClient, wrapper, likeCount, galleryLikeCount, saveCount, viewer };
}

describe('optimistic like and save on explore cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the like at once and keeps the server answer', async () => {
    const answer = deferred<Response>();
    vi.stubGlobal('fetch', vi.fn(() => answer.promise));
    const { wrapper, likeCount, galleryLikeCount, viewer } = setup();
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate('a'));
    expect(likeCount()).toBe(6);
    expect(galleryLikeCount()).toBe(6);
    expect(viewer().liked).toBe(true);
    answer.resolve(jsonResponse({ liked: true, likeCount: 9 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(likeCount()).toBe(9);
    expect(viewer().liked).toBe(true);
  });

  it('puts the like back when the server refuses', async () => {
    const answer = deferred<Response>();
    vi.stubGlobal('fetch', vi.fn(() => answer.promise));
    const { wrapper, likeCount, galleryLikeCount, viewer } = setup();
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate('a'));
    expect(likeCount()).toBe(6);
    answer.resolve(jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(likeCount()).toBe(5);
    expect(galleryLikeCount()).toBe(5);
    expect(viewer().liked).toBe(false);
  });

  it('reverts an unlike too', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500)));
    const { wrapper, queryClient, likeCount, viewer } = setup();
    queryClient.setQueryData(exploreKeys.viewer(), { a: { liked: true } });
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate('a'));
    expect(likeCount()).toBe(4);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(likeCount()).toBe(5);
    expect(viewer().liked).toBe(true);
  });

  it('puts the bookmark back when saving fails, and trusts the server when it succeeds', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ error: { code: 'network_error', message: 'x' } }, 503));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, saveCount, viewer } = setup();
    const { result } = renderHook(() => useToggleCardSave(), { wrapper });
    act(() => result.current.mutate('a'));
    expect(saveCount()).toBe(3);
    expect(viewer().saved).toBe(true);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(saveCount()).toBe(2);
    expect(viewer().saved).toBe(false);

    // The item was in fact already saved: the toggle removed the bookmark.
    fetchMock.mockImplementation(async () => jsonResponse({ saved: false }));
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(viewer().saved).toBe(false);
    expect(saveCount()).toBe(1);
  });
});
