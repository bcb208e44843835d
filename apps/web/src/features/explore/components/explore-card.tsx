import { Bookmark, Heart, ImageOff, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AiBadge } from '@/components/ui/ai-badge';
import { paths } from '@/config/paths';
import { rendersPageHtml } from '@/hooks/use-after-hydration';
import { compositeSrcSet, compositeSrcSetFromUrl, imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';
import type { ExploreItem } from '../api/get-explore-list';
import type { CardViewerState } from '../utils/card-cache';

type ExploreCardProps = {
  item: ExploreItem;
  viewer: CardViewerState;
  onLike: (item: ExploreItem) => void;
  onSave: (item: ExploreItem) => void;
  /** Images of the first row load eagerly. */
  eager?: boolean;
  /** Its image is already shown by the page's skeleton (lib/page-images.ts): no fade-in. */
  shownEarly?: boolean;
};

const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';

const actionButton =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-border bg-surface/95 text-foreground shadow-soft backdrop-blur-sm transition-[background-color,color,transform] duration-150 hover:bg-surface hover:scale-105 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-transparent aria-pressed:bg-accent aria-pressed:text-accent-foreground sm:size-10';

/**
 * An image-first card: the whole card opens the item (a stretched title link); like and save float over
 * the image — shown on hover and keyboard focus, always on touch screens. NSFW images stay blurred
 * until the card is hovered or focused.
 */
export function ExploreCard({ item, viewer, onLike, onSave, eager = false, shownEarly = false }: ExploreCardProps) {
  const { t } = useTranslation();
  // A card in HTML rendered outside the browser (a guest's explore) shows its picture as it loads, before
  // any script: it does not wait, hidden, for the app to see it loaded. Cards rendered later fade in.
  const [loaded, setLoaded] = useState(() => shownEarly || rendersPageHtml());
  const [failed, setFailed] = useState(false);
  const liked = !!viewer.liked;
  const saved = !!viewer.saved;
  return (
    <article
      data-testid="explore-card"
      data-item-id={item.itemId}
      className="group relative overflow-hidden rounded-xl border border-border bg-surface shadow-soft transition-[box-shadow,transform] duration-200 ease-out hover:-translate-y-0.5 hover:shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-gradient-to-br from-surface-sunken to-accent-soft/60">
        {failed ? (
          <span className="absolute inset-0 flex items-center justify-center text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
          </span>
        ) : (
          <img
            src={item.imageUrl}
            srcSet={compositeSrcSetFromUrl(item.imageUrl)}
            sizes={CARD_SIZES}
            // The owner's alt text; without one the title link beside names the card, as before.
            alt={item.altText ?? ''}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            width={480}
            height={600}
            ref={(el) => {
              if (el?.complete && el.naturalWidth > 0) setLoaded(true);
            }}
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            className={cn(
              'size-full object-cover transition-[opacity,filter,transform] duration-200 ease-out',
              loaded ? 'opacity-100' : 'opacity-0',
              item.nsfw
                ? 'scale-110 blur-2xl group-focus-within:scale-100 group-focus-within:blur-none group-hover:scale-100 group-hover:blur-none'
                : 'group-hover:scale-[1.02]',
            )}
          />
        )}
        {item.nsfw ? (
          <span
            className="absolute top-2 left-2 rounded-md bg-foreground/85 px-2 py-0.5 text-xs font-semibold tracking-wide text-background"
            data-testid="explore-card-nsfw"
          >
            {t('common.nsfwBadge')}
          </span>
        ) : null}
        {failed ? null : <AiBadge className="absolute bottom-2 left-2" />}
        <div className="absolute top-2 right-2 z-10 flex flex-col gap-2 opacity-0 transition-opacity duration-150 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
          <button
            type="button"
            className={actionButton}
            aria-pressed={liked}
            aria-label={liked ? t('explore.unlikeItem', { title: item.title }) : t('explore.likeItem', { title: item.title })}
            title={liked ? t('explore.unlike') : t('explore.like')}
            data-testid="explore-like"
            onClick={() => onLike(item)}
          >
            <Heart className={cn('size-5', liked && 'fill-current')} aria-hidden="true" />
          </button>
          <button
            type="button"
            className={actionButton}
            aria-pressed={saved}
            aria-label={saved ? t('explore.unsaveItem', { title: item.title }) : t('explore.saveItem', { title: item.title })}
            title={saved ? t('explore.unsave') : t('explore.save')}
            data-testid="explore-save"
            onClick={() => onSave(item)}
          >
            <Bookmark className={cn('size-5', saved && 'fill-current')} aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="grid gap-1 p-3 sm:p-4">
        <h2 className="truncate text-base font-medium">
          <Link to={paths.item.getHref(item.itemId)} className="outline-none after:absolute after:inset-0 after:content-['']" data-testid="explore-card-link">
            {item.title}
          </Link>
        </h2>
        <p className="truncate text-sm text-muted-foreground">
          <Link
            to={paths.profile.getHref(item.user.handle)}
            className="relative z-[1] inline-flex min-h-6 items-center underline-offset-2 hover:text-foreground hover:underline"
            data-testid="explore-card-owner"
          >
            @{item.user.handle}
          </Link>
        </p>
        <ul className="mt-1 flex gap-4 text-sm text-muted-foreground">
          <li className="inline-flex items-center gap-1.5">
            <Heart className="size-4" aria-hidden="true" />
            <span aria-hidden="true" data-testid="explore-like-count">
              {item.likeCount}
            </span>
            <span className="sr-only">{t('explore.likes', { count: item.likeCount })}</span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <MessageCircle className="size-4" aria-hidden="true" />
            <span aria-hidden="true">{item.commentCount}</span>
            <span className="sr-only">{t('explore.comments', { count: item.commentCount })}</span>
          </li>
        </ul>
      </div>
    </article>
  );
}

/** A card-shaped placeholder while a page loads. */
/**
 * A card while the feed loads. `imageId`: a picture the server named for a guest's first paint
 * (lib/page-images.ts), shown where the card will show it, so that it paints before the scripts run.
 */
export function ExploreCardSkeleton({ imageId }: { imageId?: string }) {
  return (
    <div data-testid="explore-skeleton" aria-hidden="true" className="overflow-hidden rounded-xl border border-border bg-surface shadow-soft">
      {imageId ? (
        <div className="relative aspect-[4/5] overflow-hidden bg-gradient-to-br from-surface-sunken to-accent-soft/60">
          <img
            src={imageUrl(imageId, 'thumb')}
            srcSet={compositeSrcSet(imageId)}
            sizes={CARD_SIZES}
            alt=""
            fetchPriority="high"
            decoding="async"
            width={480}
            height={600}
            className="size-full object-cover"
            data-testid="explore-image-early"
          />
        </div>
      ) : (
        <div className="aspect-[4/5] animate-pulse bg-surface-sunken motion-reduce:animate-none" />
      )}
      <div className="grid gap-2 p-3 sm:p-4">
        <div className="h-4 w-3/4 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
        <div className="h-3.5 w-1/3 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
        <div className="mt-1 h-3.5 w-1/2 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
      </div>
    </div>
  );
}
