import type { ShelfLayout } from '@curio/contract';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';
import { cellIndex, clampCell, sameCell, type Cell, type ShelfItem } from '../utils/grid';
import { handleGridKey, type Announcement, type GridKeyState } from '../utils/grid-keyboard';
import { CabinetFrame, Plank, shelfColumns } from '@/components/shelf/shelf-display';
import { ShelfItemFigure } from '@/components/shelf/shelf-item-figure';

export const cellDropId = (cell: Cell) => `cell:${cell.col}:${cell.row}`;

export type DragData = { itemId: string; title: string; from: Cell | null };

type ShelfGridProps = {
  layout: ShelfLayout;
  itemsById: ReadonlyMap<string, ShelfItem>;
  /** cell index → item id */
  occupied: ReadonlyMap<number, string>;
  editMode: boolean;
  label: string;
  /** The id of the item being dragged with the pointer, if any. */
  draggingId: string | null;
  announce: (announcement: Announcement) => void;
  onMove: (itemId: string, to: Cell) => void;
};

/**
 * The shelf as an ARIA grid (a composite widget with a roving tabindex). Arrow keys move between cells;
 * in edit mode Space picks up, arrows carry (skipping occupied cells), Enter drops and Escape cancels.
 * Pointer dragging (dnd-kit) works on the same cells.
 */
export function ShelfGrid({ layout, itemsById, occupied, editMode, label, draggingId, announce, onMove }: ShelfGridProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const instructionsId = useId();
  const [state, setState] = useState<GridKeyState>({ focus: { col: 0, row: 0 }, carrying: null });
  const cellRefs = useRef(new Map<number, HTMLDivElement>());
  const pendingFocus = useRef(false);

  const itemAt = (cell: Cell) => {
    const id = occupied.get(cellIndex(cell, layout));
    const item = id ? itemsById.get(id) : undefined;
    return item ? { id: item.id, title: item.title } : null;
  };

  // Keep the roving focus inside a resized grid; drop a carry when edit mode ends or the item moved away.
  const focus = clampCell(state.focus, layout);
  const carrying = state.carrying;
  const carryStale = !!carrying && (!editMode || itemAt(carrying.origin)?.id !== carrying.itemId);
  useEffect(() => {
    if (carryStale) setState((s) => ({ focus: s.carrying?.origin ?? s.focus, carrying: null }));
  }, [carryStale]);

  useEffect(() => {
    if (!pendingFocus.current) return;
    pendingFocus.current = false;
    cellRefs.current.get(cellIndex(focus, layout))?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || draggingId) return;
    const carried = carryStale ? null : carrying;
    // Enter on an item opens its page (in edit mode only while nothing is carried: then Enter drops).
    if (event.key === 'Enter' && !carried) {
      const item = itemAt(focus);
      if (item) {
        event.preventDefault();
        void navigate(paths.item.getHref(item.id));
      }
      return;
    }
    const result = handleGridKey({ focus, carrying: carried }, event.key, { layout, editMode, itemAt }, { ctrl: event.ctrlKey || event.metaKey });
    if (!result.handled) return;
    event.preventDefault();
    event.stopPropagation();
    pendingFocus.current = true;
    setState(result.state);
    if (result.announce) announce(result.announce);
    if (result.move) onMove(result.move.itemId, result.move.to);
  };

  const carry = carryStale ? null : carrying;
  const carriedItem = carry ? (itemsById.get(carry.itemId) ?? null) : null;

  return (
    <CabinetFrame className={cn(editMode && 'sm:ring-2 sm:ring-accent/30 sm:ring-offset-4 sm:ring-offset-background')}>
      <p id={instructionsId} className="sr-only">
        {editMode ? t('shelf.instructionsEdit') : t('shelf.instructionsView')}
      </p>
      {/* On a phone the planks scroll sideways (cells stay at least 6.5 rem wide, snapping to columns) rather
          than shrinking six columns into stamps; from `sm` the cells share the cabinet's width. */}
      <div
        data-testid="shelf-scroller"
        className="-mx-1 snap-x snap-proximity scroll-px-2 overflow-x-auto overscroll-x-contain px-1 pt-1 pb-3 [--shelf-cell-min:6.5rem] sm:mx-0 sm:overflow-visible sm:p-0 sm:[--shelf-cell-min:0px]"
      >
        {/* Focus moves between the cells (a roving tabindex); the grid itself is not a tab stop. */}
        {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
        <div
          role="grid"
          aria-label={label}
          aria-describedby={instructionsId}
          aria-rowcount={layout.rows}
          aria-colcount={layout.cols}
          data-testid="shelf-grid"
          data-edit-mode={editMode ? 'true' : 'false'}
          data-carrying={carry ? carry.itemId : undefined}
          onKeyDown={onKeyDown}
          className="grid w-max min-w-full gap-5 sm:w-auto sm:gap-8"
        >
          {Array.from({ length: layout.rows }, (_, row) => (
            <div role="row" aria-rowindex={row + 1} key={row} className="relative">
              <div className="grid gap-2 px-2 sm:gap-3 sm:px-4" style={shelfColumns(layout.cols)}>
                {Array.from({ length: layout.cols }, (_, col) => {
                  const cell = { col, row };
                  const index = cellIndex(cell, layout);
                  const itemId = occupied.get(index);
                  const item = itemId ? (itemsById.get(itemId) ?? null) : null;
                  return (
                    <GridCell
                      key={col}
                      cell={cell}
                      item={item}
                      editMode={editMode}
                      tabbable={sameCell(cell, focus)}
                      isOrigin={!!carry && sameCell(cell, carry.origin)}
                      isTarget={!!carry && sameCell(cell, focus)}
                      carriedItem={carriedItem}
                      draggingId={draggingId}
                      refCallback={(el) => {
                        if (el) cellRefs.current.set(index, el);
                        else cellRefs.current.delete(index);
                      }}
                      onFocusCell={() => {
                        if (!sameCell(cell, state.focus)) setState((s) => ({ ...s, focus: cell }));
                      }}
                    />
                  );
                })}
              </div>
              <Plank />
            </div>
          ))}
        </div>
      </div>
    </CabinetFrame>
  );
}

type GridCellProps = {
  cell: Cell;
  item: ShelfItem | null;
  editMode: boolean;
  tabbable: boolean;
  isOrigin: boolean;
  isTarget: boolean;
  carriedItem: ShelfItem | null;
  draggingId: string | null;
  refCallback: (el: HTMLDivElement | null) => void;
  onFocusCell: () => void;
};

function GridCell({ cell, item, editMode, tabbable, isOrigin, isTarget, carriedItem, draggingId, refCallback, onFocusCell }: GridCellProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: cellDropId(cell), data: cell, disabled: !editMode });
  const position = { row: cell.row + 1, col: cell.col + 1 };
  const pointerOver = isOver && !!draggingId;
  const pointerOccupied = pointerOver && !!item && item.id !== draggingId;
  const keyboardTarget = isTarget && !isOrigin;
  const highlighted = (pointerOver && !pointerOccupied) || keyboardTarget;
  const occupiedTarget = pointerOccupied;

  let name = item ? t('shelf.cellItem', { title: item.title, ...position }) : t('shelf.cellEmpty', position);
  if (isOrigin && !isTarget) name = t('shelf.cellOrigin', { name });

  return (
    <div
      ref={(el) => {
        setNodeRef(el);
        refCallback(el);
      }}
      role="gridcell"
      aria-colindex={cell.col + 1}
      aria-label={name}
      aria-selected={isTarget || undefined}
      tabIndex={tabbable ? 0 : -1}
      onFocus={onFocusCell}
      data-testid="shelf-cell"
      data-col={cell.col}
      data-row={cell.row}
      data-item-id={item?.id}
      data-occupied={item ? 'true' : 'false'}
      data-target={highlighted ? 'true' : undefined}
      data-occupied-target={occupiedTarget ? 'true' : undefined}
      className={cn(
        'group relative aspect-[4/5] min-w-0 snap-start rounded-md transition-[background-color,box-shadow] duration-150',
        'focus-visible:z-10 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-ring focus-visible:shadow-[0_0_0_3px_var(--cabinet)]',
        editMode && !item && 'border-2 border-dashed border-border-strong bg-[color-mix(in_oklab,var(--surface)_35%,transparent)]',
        editMode && item && 'cursor-grab',
        highlighted && 'border-solid border-accent bg-accent-soft/80',
        occupiedTarget && 'bg-danger-bg/70 shadow-[inset_0_0_0_2px_var(--danger)]',
      )}
    >
      {item ? <DraggableItem item={item} from={cell} editMode={editMode} dimmed={isOrigin && !isTarget} lifted={isOrigin && isTarget} /> : null}
      {keyboardTarget && carriedItem ? <ShelfItemFigure imageId={carriedItem.imageId} lifted className="opacity-90" /> : null}
      {occupiedTarget ? (
        <span className="absolute inset-x-1 top-1 z-20 rounded bg-danger px-1 py-0.5 text-center text-[0.6875rem] leading-tight font-semibold text-white dark:text-background">
          {t('shelf.occupiedBadge')}
        </span>
      ) : null}
    </div>
  );
}

function DraggableItem({ item, from, editMode, dimmed, lifted }: { item: ShelfItem; from: Cell; editMode: boolean; dimmed: boolean; lifted: boolean }) {
  const { t } = useTranslation();
  const data: DragData = { itemId: item.id, title: item.title, from };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: item.id, data, disabled: !editMode });
  const href = paths.item.getHref(item.id);
  if (!editMode) {
    // View mode: the item is a link to its page. The cell keeps the keyboard focus (Enter opens), so the
    // link itself is not a second tab stop.
    return (
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="shelf-item"
        data-item-id={item.id}
        title={item.title}
        className="absolute inset-0 rounded-md"
      >
        <ShelfItemFigure imageId={item.imageId} alt={item.altText ?? ''} />
        <span className="pointer-events-none absolute inset-x-1 bottom-1 truncate rounded bg-surface/95 px-1.5 py-0.5 text-center text-[0.6875rem] leading-tight font-medium text-foreground opacity-0 shadow-soft transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100 max-sm:hidden">
          {item.title}
        </span>
      </Link>
    );
  }
  return (
    <div
      ref={setNodeRef}
      {...(editMode ? listeners : {})}
      data-testid="shelf-item"
      data-item-id={item.id}
      title={item.title}
      className={cn('absolute inset-0 touch-manipulation', (isDragging || dimmed) && 'opacity-30')}
    >
      <ShelfItemFigure imageId={item.imageId} alt={item.altText ?? ''} lifted={lifted} />
      {/* Edit mode: the explicit Open action (pointer; keyboard users press Enter on the cell). */}
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        onMouseDown={(event) => event.stopPropagation()}
        onTouchStart={(event) => event.stopPropagation()}
        data-testid="shelf-item-open"
        title={t('shelf.openItem', { title: item.title })}
        className="absolute top-1 right-1 z-10 inline-flex size-7 items-center justify-center rounded-full bg-surface/95 text-foreground opacity-80 shadow-soft transition-opacity hover:opacity-100 max-sm:size-8"
      >
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </Link>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-1 bottom-1 truncate rounded bg-surface/95 px-1.5 py-0.5 text-center text-[0.6875rem] leading-tight font-medium text-foreground opacity-0 shadow-soft transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100 max-sm:hidden"
      >
        {item.title}
      </span>
    </div>
  );
}
