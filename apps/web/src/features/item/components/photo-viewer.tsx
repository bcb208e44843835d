import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '@/lib/image-url';
import type { ItemPhoto } from '../api/get-item';

const SWIPE_MIN_PX = 50;

type PhotoViewerProps = {
  photos: ItemPhoto[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Puts focus back where the viewer was opened from, once it has closed (Escape, the close button, a tap outside). */
  returnFocus: () => void;
  title: string;
};

/**
 * A large view of the source photos: previous/next buttons, ← → keys, swipe on touch (pointer events),
 * Escape closes, a "2 / 5" counter. Focus goes back to the photo that opened it.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose, returnFocus, title }: PhotoViewerProps) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[current];
  const total = photos.length;
  const go = (delta: number) => onIndexChange((current + delta + total) % total);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const navButton =
    'inline-flex size-12 cursor-pointer items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors hover:bg-black/75 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:hidden';

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/85 data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-3 outline-none sm:p-8"
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
          onCloseAutoFocus={(event) => {
            // Radix returns focus to a dialog's trigger; this one is opened by a thumbnail, so the thumbnail takes it.
            event.preventDefault();
            returnFocus();
          }}
          data-testid="photo-viewer"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">{t('item.viewerTitle', { title })}</DialogPrimitive.Title>
          <div className="flex w-full max-w-5xl items-center justify-between gap-3 text-white">
            <p className="rounded-full bg-black/55 px-3 py-1 text-sm font-medium tabular-nums" aria-live="polite" data-testid="photo-viewer-counter">
              <span className="sr-only">{t('item.photoPosition', { current: current + 1, total })}</span>
              <span aria-hidden="true">{t('item.photoCounter', { current: current + 1, total })}</span>
            </p>
            <DialogPrimitive.Close className={navButton} data-testid="photo-viewer-close">
              <X className="size-6" aria-hidden="true" />
              <span className="sr-only">{t('common.close')}</span>
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 w-full max-w-5xl flex-1 touch-pan-y items-center justify-center">
            {photo ? (
              <img
                key={photo.id}
                src={imageUrl(photo.imageId, 'public')}
                alt={photo.altText ?? t('item.photoAlt', { title, current: current + 1, total })}
                decoding="async"
                className="max-h-full max-w-full rounded-lg object-contain shadow-lift select-none"
                draggable={false}
                data-testid="photo-viewer-image"
              />
            ) : null}
            <button
              type="button"
              className={`${navButton} absolute top-1/2 left-0 -translate-y-1/2 sm:-left-2`}
              onClick={() => go(-1)}
              disabled={total < 2}
              data-testid="photo-viewer-prev"
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
              <span className="sr-only">{t('item.previousPhoto')}</span>
            </button>
            <button
              type="button"
              className={`${navButton} absolute top-1/2 right-0 -translate-y-1/2 sm:-right-2`}
              onClick={() => go(1)}
              disabled={total < 2}
              data-testid="photo-viewer-next"
            >
              <ChevronRight className="size-6" aria-hidden="true" />
              <span className="sr-only">{t('item.nextPhoto')}</span>
            </button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
