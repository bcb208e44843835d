import { API_PATHS, PHOTO_EVENTS, type PhotoPrep } from '@curio/contract';
import { useEffect, useRef } from 'react';
import { getPhotosStatus } from '../api/photos-status';

/** The owner's live `photos` stream (server-sent events, same origin, the session cookie). */
export const PHOTOS_STREAM_URL = `${API_PATHS.realtime}/photos`;
/** While a photo is still being prepared, its state is also read this often (a missed event, a stream that cannot connect). */
export const PREP_POLL_MS = 4_000;

const PREPS: readonly string[] = ['pending', 'ready', 'failed'];

/** A `photo-prepared` event's data, checked by hand (the wizard keeps zod out of its bundle). */
export function parsePrepared(data: unknown): { itemId: string; imageId: string; prep: PhotoPrep } | null {
  if (typeof data !== 'string') return null;
  try {
    const v = JSON.parse(data) as Record<string, unknown>;
    if (typeof v.itemId !== 'string' || typeof v.imageId !== 'string' || typeof v.prep !== 'string' || !PREPS.includes(v.prep)) return null;
    return { itemId: v.itemId, imageId: v.imageId, prep: v.prep as PhotoPrep };
  } catch {
    return null;
  }
}

/**
 * Follows the preparation (cut-out) of the item's photos while the wizard is open: each
 * `photo-prepared` event on the live stream at once, and `photos-status` when the stream opens and
 * every few seconds while some photo is still pending. Calls `onPrep` for every state it learns.
 */
export function usePhotoPrep(itemId: string | null, anyPending: boolean, onPrep: (imageId: string, prep: PhotoPrep) => void) {
  const onPrepRef = useRef(onPrep);
  onPrepRef.current = onPrep;

  // One read of every photo's state; errors are left to the next read.
  const refreshRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!itemId) return;
    const controller = new AbortController();
    refreshRef.current = () => {
      getPhotosStatus(itemId, controller.signal)
        .then(({ photos }) => photos.forEach((p) => onPrepRef.current(p.imageId, p.prep)))
        .catch(() => undefined);
    };
    return () => {
      controller.abort();
      refreshRef.current = () => undefined;
    };
  }, [itemId]);

  useEffect(() => {
    if (!itemId || typeof EventSource === 'undefined') return;
    const source = new EventSource(PHOTOS_STREAM_URL);
    source.addEventListener('open', () => refreshRef.current());
    source.addEventListener(PHOTO_EVENTS.prepared, (e) => {
      const event = parsePrepared((e as MessageEvent).data);
      if (event && event.itemId === itemId) onPrepRef.current(event.imageId, event.prep);
    });
    return () => source.close();
  }, [itemId]);

  useEffect(() => {
    if (!itemId || !anyPending) return;
    const timer = setInterval(() => refreshRef.current(), PREP_POLL_MS);
    return () => clearInterval(timer);
  }, [itemId, anyPending]);
}
