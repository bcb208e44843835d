import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A designed empty or end state: a small drawing, a title, one line, and one next step. */
export function EmptyState({
  illustration,
  title,
  text,
  action,
  className,
  testId,
  headingLevel = 2,
}: {
  illustration?: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
  /** 1 when the empty state is the whole page (not found). */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div
      data-testid={testId}
      className={cn('grid justify-items-center gap-3 rounded-2xl border border-border bg-surface px-6 py-10 text-center shadow-soft', className)}
    >
      {illustration}
      <Heading className="font-display text-xl font-semibold tracking-tight text-balance">{title}</Heading>
      {text ? <p className="max-w-md text-sm text-balance break-words break-keep text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
