import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '@/testing/test-utils';
import { createAnalyticsQueue, type AnalyticsEvent } from './analytics';
import type { ConsentChoice } from './consent';

describe('analytics queue', () => {
  let consent: ConsentChoice | null;
  let dnt: string | null;
  beforeEach(() => {
    vi.useFakeTimers();
    consent = null;
    dnt = null;
  });
  afterEach(() => vi.useRealTimers());

  const make = (send: (e: AnalyticsEvent) => Promise<unknown>, log = vi.fn()) =>
    createAnalyticsQueue({ send, getConsent: () => consent, getDoNotTrack: () => dnt, debounceMs: 100, log });

  it('waits for 100 ms of quiet before sending', async () => {
    const send = vi.fn(async () => ({ stored: true }));
    const queue = make(send);
    queue.track('page_view', {}, '/');
    await vi.advanceTimersByTimeAsync(60);
    queue.track('page_view', {}, '/login');
    await vi.advanceTimersByTimeAsync(60);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(40);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map((c) => (c as unknown as [AnalyticsEvent])[0].path)).toEqual(['/', '/login']);
  });

  it('sends one event at a time, each after the previous answered', async () => {
    const first = deferred<unknown>();
    const send = vi.fn((event: AnalyticsEvent) => (event.path === '/a' ? first.promise : Promise.resolve({})));
    const queue = make(send);
    queue.track('page_view', {}, '/a');
    queue.track('page_view', {}, '/b');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(1);
    first.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect((send.mock.calls[1] as unknown as [AnalyticsEvent])[0]).toEqual({ name: 'page_view', props: {}, path: '/b' });
  });

  it('sends nothing when consent is declined', async () => {
    consent = 'declined';
    const send = vi.fn(async () => ({}));
    const queue = make(send);
    queue.track('page_view', {}, '/');
    await vi.advanceTimersByTimeAsync(500);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing with Do-Not-Track', async () => {
    dnt = '1';
    const send = vi.fn(async () => ({}));
    const queue = make(send);
    queue.track('page_view', {}, '/');
    await vi.advanceTimersByTimeAsync(500);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends when consent is accepted or not yet given', async () => {
    const send = vi.fn(async () => ({}));
    const queue = make(send);
    queue.track('page_view', {}, '/');
    await vi.advanceTimersByTimeAsync(100);
    consent = 'accepted';
    queue.track('page_view', {}, '/x');
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('drops queued events when consent is declined before they go out', async () => {
    const send = vi.fn(async () => ({}));
    const queue = make(send);
    queue.track('page_view', {}, '/');
    consent = 'declined';
    await vi.advanceTimersByTimeAsync(100);
    expect(send).not.toHaveBeenCalled();
  });

  it('only logs a failed send and carries on', async () => {
    const log = vi.fn();
    const send = vi.fn(async (event: AnalyticsEvent) => {
      if (event.path === '/a') throw new Error('offline');
      return {};
    });
    const queue = make(send, log);
    queue.track('page_view', {}, '/a');
    queue.track('page_view', {}, '/b');
    await vi.advanceTimersByTimeAsync(100);
    expect(log).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
