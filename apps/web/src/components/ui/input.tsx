import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const inputClass =
  'h-11 w-full min-w-0 rounded-lg border border-border-strong bg-surface px-3.5 text-base text-foreground shadow-[inset_0_1px_2px_rgb(var(--shadow-color)/0.05)] transition-[border-color,box-shadow] duration-150 placeholder:text-muted-foreground focus-visible:border-accent focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(inputClass, className)} {...props} />;
}
