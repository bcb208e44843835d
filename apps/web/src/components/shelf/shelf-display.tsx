import type { ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** The wooden frame and back panel of the cabinet. */
export function CabinetFrame({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('rounded-2xl border-[10px] border-wood-edge bg-cabinet p-2 pt-5 shadow-lift sm:border-[14px] sm:p-4 sm:pt-8', className)} {...props}>
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
