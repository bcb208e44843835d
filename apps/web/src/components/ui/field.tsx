import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** Label, control, hint and error. Give the control `id`, `aria-invalid` and `aria-describedby={fieldDescribedBy(...)}`. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <div id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function fieldDescribedBy(id: string, { error, hint }: { error?: string | null; hint?: boolean }) {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

/** What the control inside a Field carries: its `id`, `aria-invalid` and `aria-describedby` (the error, else the hint). */
export function fieldControlProps(id: string, { error, hint }: { error?: string | null; hint?: boolean }) {
  return { id, 'aria-invalid': !!error, 'aria-describedby': fieldDescribedBy(id, { error, hint }) };
}
