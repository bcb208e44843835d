import { useDraggable } from '@dnd-kit/core';
import { ArrowUpToLine, Archive, Loader2, Undo2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { AiBadge } from '@/components/ui/ai-badge';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';
import type { ShelfItem } from '../utils/grid';
import type { DragData } from './shelf-grid';

type OverflowPanelProps = {
  items: readonly ShelfItem[];
  editMode: boolean;
  /** False when the grid has no free cell. */
  canPlace: boolean;
  onPlace: (item: ShelfItem) => void;
  /** How many overflow items fit on the grid now (after the shelf grew); 0 hides the prompt. */
  canBringBack: number;
  onBringBack: () => void;
  bringBackPending: boolean;
};

/** The drawer behind the cabinet: items that are not on the grid, sorted by row. */
export function OverflowPanel({ items, editMode, canPlace, onPlace, canBringBack, onBringBack, bringBackPending }: OverflowPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="overflow-panel"
      className="relative min-w-0 shrink-0 rounded-2xl border border-border bg-surface-sunken shadow-[inset_0_2px_10px_rgb(var(--shadow-color)/0.12)] lg:mt-8 lg:-ml-3 lg:w-72 lg:rounded-l-none lg:border-l-0 lg:pl-3"
    >
      {/* The drawer front: a strip of wood with a pull. */}
      <div aria-hidden="true" className="flex h-4 items-center justify-center rounded-t-2xl bg-wood-edge lg:rounded-tl-none">
        <span className="h-1.5 w-10 rounded-full bg-wood" />
      </div>
      {/* One column that may shrink: long titles truncate instead of pushing the drawer out of the window. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={titleId} className="flex items-center gap-2 font-display text-lg font-semibold tracking-tight">
            <Archive className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('shelf.overflow.title')}
          </h2>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="overflow-count">
            {t('shelf.itemCount', { count: items.length })}
          </span>
        </div>
        {canBringBack > 0 ? (
          <div role="status" data-testid="overflow-bring-back" className="grid gap-2 rounded-xl border border-accent/40 bg-accent-soft/60 p-3">
            <p className="text-sm font-medium text-accent-soft-foreground">{t('shelf.overflow.bringBackPrompt', { count: canBringBack })}</p>
            <div>
              <Button size="sm" onClick={onBringBack} disabled={bringBackPending} data-testid="overflow-bring-back-action">
                {bringBackPending ? (
                  <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                ) : (
                  <Undo2 className="rotate-180" aria-hidden="true" />
                )}
                {t('shelf.overflow.bringBackAction', { count: canBringBack })}
              </Button>
            </div>
          </div>
        ) : null}
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="overflow-empty">
            {t('shelf.overflow.empty')}
          </p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="overflow-list">
            {items.map((item) => (
              <OverflowEntry key={item.id} item={item} editMode={editMode} canPlace={canPlace} onPlace={onPlace} />
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}

function OverflowEntry({ item, editMode, canPlace, onPlace }: { item: ShelfItem; editMode: boolean; canPlace: boolean; onPlace: (item: ShelfItem) => void }) {
  const { t } = useTranslation();
  const data: DragData = { itemId: item.id, title: item.title, from: null };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: item.id, data, disabled: !editMode });
  return (
    <li
      data-testid="overflow-item"
      data-item-id={item.id}
      className={cn('flex min-w-0 items-center gap-3 rounded-xl border border-border bg-surface p-2 shadow-soft', isDragging && 'opacity-40')}
    >
      <div
        ref={setNodeRef}
        {...(editMode ? listeners : {})}
        className={cn('relative size-12 shrink-0 overflow-hidden rounded-lg bg-cabinet', editMode && 'cursor-grab touch-manipulation')}
      >
        {item.imageId ? (
          <>
            <img
              src={imageUrl(item.imageId, 'thumb')}
              alt={item.altText ?? ''}
              loading="lazy"
              decoding="async"
              draggable={false}
              className="size-full object-contain"
            />
            <AiBadge compact className="absolute top-0.5 right-0.5 size-4" />
          </>
        ) : null}
      </div>
      <span className="min-w-0 flex-1 truncate text-sm font-medium" title={item.title}>
        {item.title}
      </span>
      {editMode ? (
        <Button
          variant="ghost"
          size="icon"
          className="size-11 sm:size-9"
          disabled={!canPlace}
          onClick={() => onPlace(item)}
          aria-label={t('shelf.overflow.place', { title: item.title })}
          title={t('shelf.overflow.place', { title: item.title })}
        >
          <ArrowUpToLine className="size-4" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}
