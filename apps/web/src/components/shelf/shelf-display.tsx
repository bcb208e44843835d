import type { ShelfLayout } from '@curio/contract';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** The wooden frame and back panel of the cabinet. */
export function CabinetFrame({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border-[10px] border-wood-edge bg-cabinet p-2 pt-5 shadow-lift sm:border-[14px] sm:p-4 sm:pt-8', className)}
      {...props}
    >
      {children}
    </div>
  );
}

/** The board a row stands on: wood with a darker front edge and a soft shadow beneath. Decorative. */
export function Plank() {
  return (
    <div aria-hidden="true" className="relative z-[1] -mx-1 h-3 rounded-sm bg-wood shadow-[0_10px_14px_-8px_var(--wood-shadow)] sm:h-3.5">
      <div className="absolute inset-x-0 bottom-0 h-1 rounded-b-sm bg-wood-edge" />
    </div>
  );
}

/**
 * Cells laid out in `cols` equal columns (the row's contents, above its plank). A cell never gets
 * narrower than `--shelf-cell-min` (0 unless a scrolling shelf sets it, e.g. on phones).
 */
export function shelfColumns(cols: number) {
  return { gridTemplateColumns: `repeat(${cols}, minmax(var(--shelf-cell-min, 0px), 1fr))` };
}

/** One plank: a row of 4:5 cells standing on a wooden board with a soft shadow. */
function ShelfRow({ cols, children }: { cols: number; children?: ReactNode }) {
  return (
    <div className="relative">
      <div className="grid gap-2 px-2 sm:gap-3 sm:px-4" style={shelfColumns(cols)}>
        {children}
      </div>
      <Plank />
    </div>
  );
}

/** The empty cabinet drawn from the shelf's layout (cols × rows). `overlay` sits over it (the empty state). */
export function ShelfDisplay({ layout, label, overlay }: { layout: ShelfLayout; label: string; overlay?: ReactNode }) {
  const { t } = useTranslation();
  const cols = Math.max(1, layout.cols);
  const rows = Math.max(1, layout.rows);
  return (
    <div className="relative">
      <CabinetFrame role="img" aria-label={label}>
        <div className="grid gap-5 sm:gap-8">
          {Array.from({ length: rows }, (_, row) => (
            <ShelfRow key={row} cols={cols}>
              {Array.from({ length: cols }, (_, col) => (
                <div
                  key={col}
                  className="aspect-[4/5] rounded-md bg-[color-mix(in_oklab,var(--foreground)_4%,transparent)]"
                  title={t('shelf.cellLabel', { row: row + 1, col: col + 1 })}
                />
              ))}
            </ShelfRow>
          ))}
        </div>
      </CabinetFrame>
      {overlay ? (
        <div className="relative z-10 mt-5 sm:absolute sm:inset-0 sm:mt-0 sm:flex sm:items-center sm:justify-center sm:p-8">{overlay}</div>
      ) : null}
    </div>
  );
}

export function ShelfEmptyCard({ illustration, title, text, action }: { illustration: ReactNode; title: string; text: string; action?: ReactNode }) {
  return (
    <div
      data-testid="shelf-empty"
      className="mx-auto grid max-w-sm justify-items-center gap-3 rounded-2xl border border-border bg-surface/95 p-6 text-center shadow-lift backdrop-blur-sm sm:p-8"
    >
      {illustration}
      <h2 className="font-display text-xl font-semibold tracking-tight">{title}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function ShelfSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('grid gap-6', className)}>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-11 w-full max-w-md" />
      <Skeleton className="aspect-[2/1] w-full rounded-2xl" />
    </div>
  );
}
