import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/test-utils';
import { useAfterPrep } from './use-after-prep';
import { parsePrepared, PREP_POLL_MS, usePhotoPrep } from './use-photo-prep';

const ITEM = '00000000-0000-4000-8000-0000000000aa';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeEventSource.all = [];
});

describe('usePhotoPrep', () => {
  it('follows the photos stream: each prepared photo of this item, read again when the stream opens; closes on unmount', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const fetchMock = vi.fn(async () =>
      jsonResponse({
        photos: [
          { imageId: 'img1', prep: 'ready' },
          { imageId: 'img2', prep: 'pending' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onPrep = vi.fn();
    const { unmount } = renderHook(() => usePhotoPrep(ITEM, false, onPrep));
    expect(FakeEventSource.all).toHaveLength(1);
    const source = FakeEventSource.all[0]!;
    expect(source.url).toBe('/realtime/v1/photos');

    act(() => source.emit('open'));
    await waitFor(() => expect(onPrep).toHaveBeenCalledWith('img2', 'pending'));
    expect(String(fetchMock.mock.calls[0]![0 as never])).toBe(`/functions/v1/photos-status?itemId=${ITEM}`);
    expect(onPrep).toHaveBeenCalledWith('img1', 'ready');

    onPrep.mockClear();
    act(() => source.emit('photo-prepared', { itemId: ITEM, imageId: 'img2', prep: 'failed' }));
    expect(onPrep).toHaveBeenCalledWith('img2', 'failed');
    act(() => source.emit('photo-prepared', { itemId: 'another-item', imageId: 'img9', prep: 'ready' }));
    act(() => source.emit('photo-prepared', 'not json'));
    act(() => source.emit('photo-prepared', { itemId: ITEM, imageId: 'img3', prep: 'exploded' }));
    expect(onPrep).toHaveBeenCalledTimes(1);

    unmount();
    expect(source.closed).toBe(true);
  });

  it('reads photos-status every few seconds while a photo is pending, and stops once none is', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => jsonResponse({ photos: [{ imageId: 'img1', prep: 'ready' }] }));
    vi.stubGlobal('fetch', fetchMock);
    const onPrep = vi.fn();
    const { rerender } = renderHook(({ pending }) => usePhotoPrep(ITEM, pending, onPrep), { initialProps: { pending: true } });
    await act(() => vi.advanceTimersByTimeAsync(PREP_POLL_MS + 10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onPrep).toHaveBeenCalledWith('img1', 'ready');
    rerender({ pending: false });
    await act(() => vi.advanceTimersByTimeAsync(PREP_POLL_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('parses only well-formed events', () => {
    expect(parsePrepared(JSON.stringify({ itemId: 'i', imageId: 'm', prep: 'ready' }))).toEqual({ itemId: 'i', imageId: 'm', prep: 'ready' });
    expect(parsePrepared(JSON.stringify({ itemId: 'i', imageId: 'm', prep: 'done' }))).toBeNull();
    expect(parsePrepared('{')).toBeNull();
    expect(parsePrepared(undefined)).toBeNull();
  });
});

describe('useAfterPrep', () => {
  it('runs at once when every photo is prepared', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useAfterPrep(0, run));
    act(() => result.current.request());
    expect(run).toHaveBeenCalledTimes(1);
    expect(result.current.waiting).toBe(false);
  });

  it('waits while photos are being prepared and runs once, as soon as the last one is', () => {
    const run = vi.fn();
    const { result, rerender } = renderHook(({ pending }) => useAfterPrep(pending, run), { initialProps: { pending: 2 } });
    act(() => result.current.request());
    expect(run).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(true);
    rerender({ pending: 1 });
    expect(run).not.toHaveBeenCalled();
    rerender({ pending: 0 });
    expect(run).toHaveBeenCalledTimes(1);
    expect(result.current.waiting).toBe(false);
    rerender({ pending: 0 });
    expect(run).toHaveBeenCalledTimes(1);
  });
});
