import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The sticky top bar: brand on the left, then search (a search landmark, when given), actions (a labelled nav) on the right. */
export function SiteHeader({
  brand,
  navLabel,
  search,
  searchLabel,
  children,
  className,
}: {
  brand: ReactNode;
  navLabel: string;
  search?: ReactNode;
  searchLabel?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cn('sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-md print:hidden', className)}>
      <div className="mx-auto flex h-16 w-full max-w-content items-center justify-between gap-2 px-4 sm:px-6">
        {brand}
        {search ? (
          <div role="search" aria-label={searchLabel} className="flex min-w-0 flex-1 items-center justify-end">
            {search}
          </div>
        ) : null}
        <nav aria-label={navLabel} className="flex items-center gap-0.5 sm:gap-2">
          {children}
        </nav>
      </div>
    </header>
  );
}
