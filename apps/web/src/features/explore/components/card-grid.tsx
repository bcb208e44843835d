import { EXPLORE_SKELETONS } from '@curio/contract';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import type { ExploreItem } from '../api/get-explore-list';
import { ExploreCard, ExploreCardSkeleton } from './explore-card';

/** The grid of every list of item cards: explore, the home feed, tag pages and search. */
const CARD_GRID = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';

/**
 * A page's worth of card skeletons, keyed after the `from` cards already shown; `images`: pictures the server named
 * for a guest's first paint, drawn in the first of them.
 */
export function cardSkeletons(from: number, images: readonly string[] = []) {
  return Array.from({ length: EXPLORE_SKELETONS }, (_, i) => (
    <li key={`skeleton-${from + i}`} aria-hidden="true">
      <ExploreCardSkeleton imageId={images[i]} />
    </li>
  ));
}

/** A list's first page while it loads: its skeletons in the grid, announced as `label`; `images` as for cardSkeletons. */
export function CardGridLoading({ label, images }: { label: string; images?: readonly string[] }) {
  return (
    <div role="status" aria-label={label}>
      <ul className={CARD_GRID}>{cardSkeletons(0, images)}</ul>
    </div>
  );
}

/**
 * Item cards in the grid, each with the viewer's like and save (the first four pictures load at once); `children`
 * follow the cards (the next page's skeletons). `shownEarly`: whether a card's picture was painted before the app.
 */
export function CardGrid({
  items,
  onLike,
  onSave,
  shownEarly,
  className,
  children,
  ...list
}: ComponentProps<'ul'> & {
  items: ExploreItem[];
  onLike: (item: ExploreItem) => void;
  onSave: (item: ExploreItem) => void;
  shownEarly?: (item: ExploreItem) => boolean;
}) {
  return (
    <ul {...list} className={cn(CARD_GRID, className)}>
      {items.map((item, index) => (
        <li key={item.itemId}>
          <ExploreCard
            item={item}
            viewer={{ liked: item.liked, saved: item.saved }}
            onLike={onLike}
            onSave={onSave}
            eager={index < 4}
            shownEarly={shownEarly?.(item)}
          />
        </li>
      ))}
      {children}
    </ul>
  );
}
