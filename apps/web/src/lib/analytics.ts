import { ANALYTICS_DEBOUNCE_MS, type AnalyticsTrackInput } from '@curio/contract';
import { callFunction } from './api-client';
import { readConsent, type ConsentChoice } from './consent';

export type AnalyticsEvent = { name: AnalyticsTrackInput['name']; props: Record<string, unknown>; path: string };

export type AnalyticsQueueOptions = {
  send: (event: AnalyticsEvent) => Promise<unknown>;
  getConsent: () => ConsentChoice | null;
  getDoNotTrack: () => string | null | undefined;
  debounceMs?: number;
  log?: (message: string, error: unknown) => void;
};

/**
 * Events wait for a quiet period (debounce), then go out one by one, each after the previous answered.
 * Nothing is queued or sent when consent is 'declined' or Do-Not-Track is '1'. Failures are only logged.
 */
export function createAnalyticsQueue({
  send,
  getConsent,
  getDoNotTrack,
  debounceMs = ANALYTICS_DEBOUNCE_MS,
  log = (message, error) => console.warn(message, error),
}: AnalyticsQueueOptions) {
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushing: Promise<void> | null = null;

  const allowed = () => getConsent() !== 'declined' && getDoNotTrack() !== '1';

  async function drain() {
    while (queue.length > 0) {
      const event = queue.shift()!;
      if (!allowed()) continue;
      try {
        await send(event);
      } catch (error) {
        log('[analytics] failed to send event', error);
      }
    }
  }

  function flush(): Promise<void> {
    timer = null;
    if (!flushing) {
      flushing = drain().finally(() => {
        flushing = null;
        if (queue.length > 0) schedule();
      });
    }
    return flushing;
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  }

  return {
    track(name: AnalyticsEvent['name'], props: Record<string, unknown> = {}, path?: string) {
      if (!allowed()) return;
      queue.push({ name, props, path: path ?? (typeof location !== 'undefined' ? location.pathname : '/') });
      schedule();
    },
    flush,
    get size() {
      return queue.length;
    },
  };
}

const defaultQueue = createAnalyticsQueue({
  send: (event) => callFunction('analytics-track', event),
  getConsent: readConsent,
  getDoNotTrack: () => (typeof navigator !== 'undefined' ? navigator.doNotTrack : null),
});

export const track = defaultQueue.track;
