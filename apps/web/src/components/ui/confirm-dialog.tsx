import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './alert-dialog';
import { buttonVariants } from './button';

type ConfirmDialogProps = {
  open: boolean;
  /** Called with false when Cancel, Escape or a tap outside closes it. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** `danger` for what cannot be undone (the default), `primary` otherwise. */
  tone?: 'danger' | 'primary';
  testId?: string;
  confirmTestId?: string;
  /** Where focus goes once it closes (Radix's default: the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A question before an act: Cancel (focused first, as Radix does) or the act itself. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  tone = 'danger',
  testId,
  confirmTestId,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonVariants({ variant: 'secondary' })}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: tone })} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
