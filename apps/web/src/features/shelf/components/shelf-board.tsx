import type { ShelfGetResult } from '@curio/contract';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { track } from '@/lib/analytics';
import { useMoveItem } from '../api/move-item';
import { useLiveAnnouncer } from '../hooks/use-live-announcer';
import { cellIndex, firstFreeCell, freeCellCount, occupancy, overflowItems, type Cell, type ShelfItem } from '../utils/grid';
import type { Announcement } from '../utils/grid-keyboard';
import { OverflowPanel } from './overflow-panel';
import { ShelfGrid, type DragData } from './shelf-grid';
import { ShelfItemFigure } from '@/components/shelf/shelf-item-figure';

// dnd-kit's own announcements are English only; the board announces everything itself.
const SILENT = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

/**
 * Auto-scroll while dragging is gentle: it starts only in the last 8 % of the window (64 px of an 800 px one, where
 * dnd-kit's default is 20 %) and moves at most 200 px a second at the very edge (dnd-kit's default is ten times that).
 * A cell at the bottom of the window can be dropped on without the page running away under the pointer, and holding
 * the pointer at the edge still brings the next rows (or, on a phone, the next columns) into view.
 */
const GENTLE_AUTO_SCROLL = { threshold: { x: 0.08, y: 0.08 }, acceleration: 1, interval: 5 } as const;

/** How far outside a cell the pointer may be and still drop on it: the plank between two rows belongs to the nearer. */
const CELL_REACH = 28;

/**
 * The cell under the pointer; in the gap between cells (a plank, the space between columns), the nearest cell within
 * reach, so that a drop lands where the pointer is rather than being cancelled.
 */
export const pointerOrNearestCell: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  const p = args.pointerCoordinates;
  if (within.length || !p) return within;
  let best: { container: (typeof args.droppableContainers)[number]; distance: number } | null = null;
  for (const container of args.droppableContainers) {
    const r = args.droppableRects.get(container.id);
    if (!r) continue;
    const dx = Math.max(r.left - p.x, 0, p.x - (r.left + r.width));
    const dy = Math.max(r.top - p.y, 0, p.y - (r.top + r.height));
    const distance = Math.hypot(dx, dy);
    if (distance <= CELL_REACH && (!best || distance < best.distance)) best = { container, distance };
  }
  return best ? [{ id: best.container.id, data: { droppableContainer: best.container, value: best.distance } }] : [];
};

/** The grid, the overflow drawer, pointer drag and drop, and the live region for both pointer and keyboard. */
type ShelfBoardProps = {
  shelf: ShelfGetResult;
  editMode: boolean;
  /** Puts overflow items on the free cells (offered when the shelf has room for some). */
  onBringBack: (overflow: readonly ShelfItem[]) => void;
  bringBackPending: boolean;
};

export function ShelfBoard({ shelf, editMode, onBringBack, bringBackPending }: ShelfBoardProps) {
  const { t } = useTranslation();
  const { layout } = shelf.shelf;
  const { message, announce: say } = useLiveAnnouncer();
  const moveItem = useMoveItem();
  const [dragging, setDragging] = useState<DragData | null>(null);

  const itemsById = useMemo(() => new Map(shelf.items.map((item) => [item.id, item])), [shelf.items]);
  const occupied = useMemo(() => occupancy(shelf.arrangements, layout), [shelf.arrangements, layout]);
  const overflow = useMemo(() => overflowItems(shelf.items, shelf.arrangements, layout), [shelf.items, shelf.arrangements, layout]);
  const freeCell = firstFreeCell(layout, occupied);

  const announce = useCallback(
    (a: Announcement | { key: 'moveFailed' } | { key: 'pickedUpOverflow'; title: string }) => {
      const { key, ...params } = a;
      say(t(`shelf.announce.${key}`, params));
    },
    [say, t],
  );

  const move = useCallback(
    (itemId: string, to: Cell) => {
      moveItem.mutate(
        { itemId, col: to.col, row: to.row },
        {
          onSuccess: () => {
            toast.success(t('shelf.toast.moved'));
            track('shelf_arranged', { source: 'move' });
          },
          onError: () => {
            toast.error(t('shelf.toast.moveFailed'));
            announce({ key: 'moveFailed' });
          },
        },
      );
    },
    [moveItem, t, announce],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
  );

  const cellOf = (data: unknown): Cell | null => {
    const c = data as Partial<Cell> | undefined;
    return c && typeof c.col === 'number' && typeof c.row === 'number' ? { col: c.col, row: c.row } : null;
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    setDragging(data);
    if (data.from) announce({ key: 'pickedUp', title: data.title, row: data.from.row + 1, col: data.from.col + 1 });
    else announce({ key: 'pickedUpOverflow', title: data.title });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const cell = cellOf(over?.data.current);
    if (!cell) return;
    const occupant = occupied.get(cellIndex(cell, layout));
    if (occupant && occupant !== active.id) announce({ key: 'cellOccupied' });
    else announce({ key: 'movedTo', row: cell.row + 1, col: cell.col + 1 });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as DragData | undefined;
    setDragging(null);
    const cell = cellOf(over?.data.current);
    if (!data || !cell) {
      announce({ key: 'cancelled' });
      return;
    }
    const occupant = occupied.get(cellIndex(cell, layout));
    if (occupant && occupant !== data.itemId) {
      toast.error(t('shelf.toast.cellOccupied'));
      announce({ key: 'cellOccupied' });
      return;
    }
    announce({ key: 'dropped', title: data.title, row: cell.row + 1, col: cell.col + 1 });
    if (occupant !== data.itemId) move(data.itemId, cell);
  };

  const onDragCancel = () => {
    setDragging(null);
    announce({ key: 'cancelled' });
  };

  const placeFromOverflow = (item: ShelfItem) => {
    if (!freeCell) return;
    announce({ key: 'dropped', title: item.title, row: freeCell.row + 1, col: freeCell.col + 1 });
    move(item.id, freeCell);
  };

  const draggedItem = dragging ? itemsById.get(dragging.itemId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerOrNearestCell}
      autoScroll={GENTLE_AUTO_SCROLL}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements: SILENT, screenReaderInstructions: { draggable: t('shelf.instructionsEdit') } }}
    >
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:gap-0">
        {/* Cells stop growing at about 10 rem, so a small shelf stays a cabinet rather than a wall. */}
        <div className="relative z-[2] w-full min-w-0 lg:flex-1" style={{ maxWidth: `calc(${layout.cols} * 10rem + 4rem)` }}>
          <ShelfGrid
            layout={layout}
            itemsById={itemsById}
            occupied={occupied}
            editMode={editMode}
            label={t('shelf.gridLabel', { cols: layout.cols, rows: layout.rows })}
            draggingId={dragging?.itemId ?? null}
            announce={announce}
            onMove={move}
          />
        </div>
        <OverflowPanel
          items={overflow}
          editMode={editMode}
          canPlace={!!freeCell}
          onPlace={placeFromOverflow}
          canBringBack={Math.min(overflow.length, freeCellCount(layout, occupied))}
          onBringBack={() => onBringBack(overflow)}
          bringBackPending={bringBackPending}
        />
      </div>
      <DragOverlay dropAnimation={{ duration: 180, easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)' }}>
        {draggedItem ? (
          <div className="relative size-full rotate-2 cursor-grabbing rounded-md bg-accent-soft/40 shadow-lift">
            <ShelfItemFigure imageId={draggedItem.imageId} lifted />
          </div>
        ) : null}
      </DragOverlay>
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="shelf-live-region">
        {message}
      </div>
    </DndContext>
  );
}
