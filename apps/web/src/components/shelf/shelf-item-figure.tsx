import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { AiBadge } from '@/components/ui/ai-badge';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';

/**
 * An item's chosen image standing on the plank: contained in the 4:5 cell, bottom-aligned, with a soft
 * contact shadow. Lazy, with the cell's fixed ratio reserving the space (no layout shift); `priority`
 * (the top plank, what a visitor sees first) loads at once and ahead of the rest. A small sparkle in the cell's
 * corner marks the picture as styled by AI (its cell's label says so to screen readers).
 */
export function ShelfItemFigure({
  imageId,
  alt = '',
  lifted = false,
  priority = false,
  className,
}: {
  imageId: string | null;
  /** The image's alt text (its owner's); empty where the cell's own label names the item. */
  alt?: string;
  lifted?: boolean;
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <div
      className={cn(
        'pointer-events-none absolute inset-0 flex items-end justify-center transition-transform duration-150 ease-out',
        lifted && '-translate-y-2 scale-[1.04]',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'absolute inset-x-[12%] -bottom-1 h-2 rounded-[50%] bg-black/25 blur-[3px] transition-opacity dark:bg-black/50',
          lifted ? 'opacity-40' : 'opacity-100',
        )}
      />
      {imageId && !failed ? (
        <img
          src={imageUrl(imageId, 'thumb')}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
          className={cn(
            'relative h-full w-full rounded-[3px] object-contain object-bottom shadow-[0_6px_12px_-6px_rgb(0_0_0/0.45)] select-none',
            lifted && 'shadow-[0_18px_28px_-10px_rgb(0_0_0/0.55)]',
          )}
        />
      ) : (
        <span className="relative flex h-4/5 w-4/5 items-center justify-center rounded-md bg-surface-sunken text-muted-foreground">
          <ImageOff className="size-5" aria-hidden="true" />
        </span>
      )}
      {imageId && !failed ? <AiBadge compact decorative className="absolute top-1 right-1" /> : null}
    </div>
  );
}
