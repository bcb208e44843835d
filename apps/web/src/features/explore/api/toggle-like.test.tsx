import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exploreKeys } from '@/lib/query-keys';
import { createTestQueryClient, deferred, jsonResponse } from '@/testing/test-utils';
import type { ExploreItem, ExploreListResult } from './get-explore-list';
import { useToggleCardLike } from './toggle-like';
import { useToggleCardSave } from './toggle-save';

const card = (itemId: string, likeCount: number, saveCount = 0, state: { liked?: boolean; saved?: boolean } = { liked: false, saved: false }): ExploreItem => ({
  itemId,
  title: itemId,
  imageUrl: `/img/${itemId}/thumb`,
  altText: null,
  nsfw: false,
  likeCount,
  commentCount: 0,
  saveCount,
  user: { handle: 'alice', avatarImageId: null },
  ...state,
});

const feedKey = exploreKeys.feed({ sort: 'trending' });
const galleryKey = exploreKeys.list({ limit: 8 });

/** The feed and the landing gallery hold card "a" as the server sent it (with the viewer's state). */
function setup(state?: { liked?: boolean; saved?: boolean }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData<InfiniteData<ExploreListResult>>(feedKey, {
    pages: [{ items: [card('a', 5, 2, state), card('b', 1)], nextPage: 1, snapshot: 's' }],
    pageParams: [{ page: 0 }],
  });
  queryClient.setQueryData<ExploreListResult>(galleryKey, { items: [card('a', 5, 2, state)], nextPage: null, snapshot: 's' });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const likeCount = () => queryClient.getQueryData<InfiniteData<ExploreListResult>>(feedKey)!.pages[0]!.items[0]!.likeCount;
  const galleryLikeCount = () => queryClient.getQueryData<ExploreListResult>(galleryKey)!.items[0]!.likeCount;
  const saveCount = () => queryClient.getQueryData<InfiniteData<ExploreListResult>>(feedKey)!.pages[0]!.items[0]!.saveCount;
  const viewer = () => {
    const c = queryClient.getQueryData<InfiniteData<ExploreListResult>>(feedKey)!.pages[0]!.items[0]!;
    return { liked: c.liked, saved: c.saved };
  };
  const galleryViewer = () => {
    const c = queryClient.getQueryData<ExploreListResult>(galleryKey)!.items[0]!;
    return { liked: c.liked, saved: c.saved };
  };
  return { queryClient, wrapper, likeCount, galleryLikeCount, saveCount, viewer, galleryViewer };
}

describe('optimistic like and save on explore cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts the like at once and keeps the server answer', async () => {
    const answer = deferred<Response>();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer.promise),
    );
    const { wrapper, likeCount, galleryLikeCount, viewer } = setup();
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate({ itemId: 'a', liked: true }));
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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer.promise),
    );
    const { wrapper, likeCount, galleryLikeCount, viewer } = setup();
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate({ itemId: 'a', liked: true }));
    expect(likeCount()).toBe(6);
    answer.resolve(jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(likeCount()).toBe(5);
    expect(galleryLikeCount()).toBe(5);
    expect(viewer().liked).toBe(false);
  });

  it('reverts an unlike too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500)),
    );
    const { wrapper, likeCount, viewer } = setup({ liked: true, saved: false });
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate({ itemId: 'a', liked: false }));
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
    act(() => result.current.mutate({ itemId: 'a', saved: true }));
    expect(saveCount()).toBe(3);
    expect(viewer().saved).toBe(true);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(saveCount()).toBe(2);
    expect(viewer().saved).toBe(false);

    // The server ends somewhere else than the guess: its answer wins, and the count follows.
    fetchMock.mockImplementation(async () => jsonResponse({ saved: false }));
    act(() => result.current.mutate({ itemId: 'a', saved: true }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(viewer().saved).toBe(false);
    expect(saveCount()).toBe(2);
  });

  it('shows the state the server sent, and a tap on a card liked earlier sends liked: false (never a blind toggle)', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ liked: false, likeCount: 4 }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, likeCount, viewer, galleryViewer } = setup({ liked: true, saved: true });
    expect(viewer()).toEqual({ liked: true, saved: true });
    const { result } = renderHook(() => useToggleCardLike(), { wrapper });
    act(() => result.current.mutate({ itemId: 'a', liked: false }));
    expect(viewer().liked).toBe(false);
    expect(galleryViewer().liked).toBe(false);
    expect(likeCount()).toBe(4);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ itemId: 'a', liked: false });
    expect(likeCount()).toBe(4);
  });

  it('sends the target state for a save and counts nothing when the card already shows it', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ saved: true }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper, saveCount, viewer } = setup({ liked: false, saved: true });
    const { result } = renderHook(() => useToggleCardSave(), { wrapper });
    // A second tab already saved it: asking for saved again changes nothing, on the card or the server.
    act(() => result.current.mutate({ itemId: 'a', saved: true }));
    expect(saveCount()).toBe(2);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ itemId: 'a', saved: true });
    expect(viewer().saved).toBe(true);
    expect(saveCount()).toBe(2);
  });
});
