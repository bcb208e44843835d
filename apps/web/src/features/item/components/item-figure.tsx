import { Camera, Sparkles } from 'lucide-react';
import { useId, useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { AiBadge } from '@/components/ui/ai-badge';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';
import type { ItemPhoto } from '../api/get-item';

const CHIP =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full bg-black/65 px-3 text-sm font-semibold text-white shadow-[0_1px_3px_rgb(0_0_0/0.35)] ring-1 ring-white/25 backdrop-blur-sm transition-colors hover:bg-black/80 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring max-sm:min-h-11';

/**
 * The item's picture, honest about what it is: the styled image carries the AI-styled mark, and one press of
 * "Real photos" (a toggle button, so its state is announced) shows the collector's own photos in its place, one
 * at a time with small buttons to pick another, until pressed again. Each image carries its alt text.
 */
export function ItemFigure({
  picture,
  alt,
  photos,
  title,
  gated,
  className,
  pictureClassName,
}: {
  /** The styled image's attributes (address, sizes, priority). */
  picture: ImgHTMLAttributes<HTMLImageElement>;
  alt: string;
  photos: ItemPhoto[];
  title: string;
  /** Behind the NSFW gate: no toggle, no photos. */
  gated: boolean;
  className?: string;
  pictureClassName?: string;
}) {
  const { t } = useTranslation();
  const [real, setReal] = useState(false);
  const [index, setIndex] = useState(0);
  const statusId = useId();
  const showing = real && !gated && photos.length > 0;
  const photo = photos[Math.min(index, photos.length - 1)];
  const role = (p: ItemPhoto) => t(`item.photoRole.${p.role}`, { defaultValue: p.role });
  const photoAlt = (p: ItemPhoto, i: number) => p.altText ?? t('item.photoAlt', { title, current: i + 1, total: photos.length });

  return (
    <div className={cn('grid gap-3', className)}>
      <div className="relative">
        {showing && photo ? (
          <img
            src={imageUrl(photo.imageId, 'public')}
            alt={photoAlt(photo, index)}
            decoding="async"
            className={pictureClassName}
            data-testid="item-real-photo"
          />
        ) : (
          <img {...picture} alt={gated ? '' : alt} className={pictureClassName} data-testid="item-image" />
        )}
        {gated ? null : showing ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-black/65 px-2 py-0.5 text-[0.6875rem] leading-4 font-semibold text-white ring-1 ring-white/25 backdrop-blur-sm">
            <Camera className="size-3" aria-hidden="true" />
            {t('item.realPhotos.badge', { role: photo ? role(photo) : '' })}
          </span>
        ) : (
          <AiBadge className="absolute top-3 left-3" />
        )}
        {!gated && photos.length > 0 ? (
          <button
            type="button"
            aria-pressed={real}
            aria-describedby={statusId}
            onClick={() => {
              setReal((v) => !v);
              setIndex(0);
            }}
            className={cn(CHIP, 'absolute right-3 bottom-3 cursor-pointer')}
            data-testid="real-photos-toggle"
          >
            {real ? <Sparkles className="size-4" aria-hidden="true" /> : <Camera className="size-4" aria-hidden="true" />}
            {real ? t('item.realPhotos.showStyled') : t('item.realPhotos.show')}
          </button>
        ) : null}
      </div>
      <p id={statusId} role="status" className="sr-only" data-testid="real-photos-status">
        {gated || photos.length === 0
          ? ''
          : showing && photo
            ? t('item.realPhotos.showing', { current: index + 1, total: photos.length, role: role(photo) })
            : t('item.realPhotos.showingStyled')}
      </p>
      {showing && photos.length > 1 ? (
        <ul className="flex flex-wrap gap-2 px-3 pb-3" aria-label={t('item.realPhotos.pick')} data-testid="real-photos-picker">
          {photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                aria-pressed={i === index}
                aria-label={t('item.openPhoto', { current: i + 1, total: photos.length, role: role(p) })}
                onClick={() => setIndex(i)}
                className="block size-14 cursor-pointer overflow-hidden rounded-lg border-2 border-border bg-surface-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-accent max-sm:size-16"
              >
                <img src={imageUrl(p.imageId, 'thumb')} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
