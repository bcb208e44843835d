import { Archive } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { imageUrl } from '@/lib/image-url';
import { cn } from '@/lib/utils';
import { CabinetFrame, Plank, shelfColumns } from './shelf-display';
import { AiBadge } from '@/components/ui/ai-badge';
import { ShelfItemFigure } from './shelf-item-figure';

export type ReadOnlyShelfItem = { id: string; title: string; imageId: string | null; altText?: string | null; nsfw?: boolean };
export type ReadOnlyPlacedItem = ReadOnlyShelfItem & { col: number; row: number };
export type ReadOnlyLayout = { cols: number; rows: number };

/** Cell index → item for the placed items inside the layout (the first one wins a cell). */
export function cellMap(layout: ReadOnlyLayout, placed: readonly ReadOnlyPlacedItem[]) {
  const cells = new Map<number, ReadOnlyShelfItem>();
  for (const item of placed) {
    if (item.col < 0 || item.row < 0 || item.col >= layout.cols || item.row >= layout.rows) continue;
    const index = item.row * layout.cols + item.col;
    if (!cells.has(index)) cells.set(index, item);
  }
  return cells;
}

/**
 * Someone's shelf as they arranged it, read-only: the same cabinet, planks and figures as the owner's
 * shelf; each item links to its page. Beside it (below on phones) the overflow drawer lists the rest, when
 * there is any.
 */
export function ReadOnlyShelf({
  layout,
  placed,
  overflow,
  label,
}: {
  layout: ReadOnlyLayout;
  placed: readonly ReadOnlyPlacedItem[];
  overflow: readonly ReadOnlyShelfItem[];
  label: string;
}) {
  const { t } = useTranslation();
  const cols = Math.max(1, layout.cols);
  const rows = Math.max(1, layout.rows);
  const cells = cellMap({ cols, rows }, placed);
  // Each cell's link is described by this note: its picture is styled by AI (the sparkle in its corner says so to the eye).
  const aiNoteId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-6 lg:flex-row lg:items-start lg:gap-0" data-testid="public-shelf">
      <span id={aiNoteId} hidden>
        {`${t('common.aiStyled.label')}: ${t('common.aiStyled.explain')}`}
      </span>
      <div className="relative z-[2] w-full min-w-0 lg:flex-1" style={{ maxWidth: `calc(${cols} * 10rem + 4rem)` }}>
        <CabinetFrame>
          {/* As on the owner's shelf: on a phone the planks scroll sideways with large cells. */}
          <div
            className="-mx-1 snap-x snap-proximity scroll-px-2 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-3 [--shelf-cell-min:6.5rem] sm:mx-0 sm:overflow-visible sm:p-0 sm:[--shelf-cell-min:0px]"
            tabIndex={cells.size === 0 ? 0 : undefined}
            data-testid="public-shelf-scroller"
          >
            <ul aria-label={label} className="grid gap-5 sm:gap-8" data-testid="public-shelf-grid">
              {Array.from({ length: rows }, (_, row) => (
                <li key={row} className="relative">
                  <ul aria-label={t('shelf.rowLabel', { row: row + 1 })} className="grid gap-2 px-2 sm:gap-3 sm:px-4" style={shelfColumns(cols)}>
                    {Array.from({ length: cols }, (_, col) => {
                      const item = cells.get(row * cols + col);
                      return (
                        <li key={col} className="relative aspect-[4/5] min-w-0 snap-start rounded-md" data-testid="public-shelf-cell" data-item-id={item?.id}>
                          {item ? (
                            <Link
                              to={paths.item.getHref(item.id)}
                              title={item.title}
                              aria-label={t('shelf.cellItem', { title: item.title, row: row + 1, col: col + 1 })}
                              aria-describedby={item.imageId ? aiNoteId : undefined}
                              className="group absolute inset-0 rounded-md outline-none focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring"
                              data-testid="public-shelf-item"
                            >
                              <ShelfItemFigure
                                imageId={item.imageId}
                                alt={item.altText ?? ''}
                                priority={row === 0 && !item.nsfw}
                                className={item.nsfw ? 'blur-md' : 'transition-transform group-hover:-translate-y-1'}
                              />
                              {item.nsfw ? (
                                <span
                                  aria-hidden="true"
                                  className="absolute top-1 left-1 rounded bg-foreground/85 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-background"
                                >
                                  {t('common.nsfwBadge')}
                                </span>
                              ) : null}
                              <span
                                aria-hidden="true"
                                className="pointer-events-none absolute inset-x-1 bottom-1 truncate rounded bg-surface/95 px-1.5 py-0.5 text-center text-[0.6875rem] leading-tight font-medium text-foreground opacity-0 shadow-soft transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100 max-sm:hidden"
                              >
                                {item.title}
                              </span>
                            </Link>
                          ) : (
                            <span className="sr-only">{t('shelf.cellEmpty', { row: row + 1, col: col + 1 })}</span>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                  <Plank />
                </li>
              ))}
            </ul>
          </div>
        </CabinetFrame>
      </div>
      {/* An empty drawer says nothing to a visitor (its empty text speaks to the owner): shown only with items in it. */}
      {overflow.length > 0 ? <ReadOnlyOverflow items={overflow} /> : null}
    </div>
  );
}

/** The drawer behind the cabinet, read-only: the items that are not on the grid, as links. */
function ReadOnlyOverflow({ items }: { items: readonly ReadOnlyShelfItem[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      data-testid="overflow-panel"
      className="relative shrink-0 rounded-2xl border border-border bg-surface-sunken shadow-[inset_0_2px_10px_rgb(var(--shadow-color)/0.12)] lg:mt-8 lg:-ml-3 lg:w-64 lg:rounded-l-none lg:border-l-0 lg:pl-3"
    >
      <div aria-hidden="true" className="flex h-4 items-center justify-center rounded-t-2xl bg-wood-edge lg:rounded-tl-none">
        <span className="h-1.5 w-10 rounded-full bg-wood" />
      </div>
      <div className="grid gap-3 p-4">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={titleId} className="flex items-center gap-2 font-display text-lg font-semibold tracking-tight">
            <Archive className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('shelf.overflow.title')}
          </h2>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="overflow-count">
            {t('shelf.itemCount', { count: items.length })}
          </span>
        </div>
        <ul className="grid gap-2" data-testid="overflow-list">
          {items.map((item) => (
            <li key={item.id} data-testid="overflow-item" data-item-id={item.id}>
              <Link
                to={paths.item.getHref(item.id)}
                className="flex min-h-11 items-center gap-3 rounded-xl border border-border bg-surface p-2 shadow-soft transition-colors hover:border-border-strong"
              >
                <span className="relative size-12 shrink-0 overflow-hidden rounded-lg bg-cabinet">
                  {item.imageId ? (
                    <img
                      src={imageUrl(item.imageId, 'thumb')}
                      alt={item.altText ?? ''}
                      loading="lazy"
                      decoding="async"
                      className={cn('size-full object-contain', item.nsfw && 'blur-sm')}
                    />
                  ) : null}
                  {item.imageId ? <AiBadge compact className="absolute top-0.5 right-0.5 size-4" /> : null}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
