import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '@/lib/image-url';
import type { ItemPhoto } from '../api/get-item';
import { PhotoViewer } from './photo-viewer';

/** The item's source photos as thumbnails; each opens the large viewer at its place. */
export function PhotoGrid({ photos, title }: { photos: ItemPhoto[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState<number | null>(null);
  // The thumbnail that opened the viewer takes focus back when it closes (the viewer has no trigger of its own).
  const opener = useRef<HTMLButtonElement | null>(null);
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="item-photos-title" className="grid gap-3">
      <h2 id="item-photos-title" className="font-display text-xl font-semibold tracking-tight">
        {t('item.photosTitle')}
      </h2>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3" data-testid="item-photos">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setIndex(i);
              }}
              className="group block aspect-square w-full cursor-zoom-in overflow-hidden rounded-lg border border-border bg-surface-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-label={t('item.openPhoto', { current: i + 1, total: photos.length, role: t(`item.photoRole.${photo.role}`, { defaultValue: photo.role }) })}
              data-testid="item-photo"
            >
              <img
                src={imageUrl(photo.imageId, 'thumb')}
                alt={photo.altText ?? ''}
                loading="lazy"
                decoding="async"
                width={240}
                height={240}
                className="size-full object-cover transition-transform duration-200 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoViewer
        photos={photos}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
        returnFocus={() => opener.current?.focus()}
        title={title}
      />
    </section>
  );
}
