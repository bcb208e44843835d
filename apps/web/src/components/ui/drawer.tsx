import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Drawer as DrawerPrimitive } from 'vaul';
import { cn } from '@/lib/utils';

/**
 * A bottom drawer (vaul): a full-height sheet on phones, a centred wide sheet from `sm`. Focus moves into it
 * (the first field), is trapped while it is open and returns to the trigger on close. Dragging only starts on the handle, so scrolling
 * and drop zones inside never close it by accident.
 */
export function Drawer({ handleOnly = true, autoFocus = true, ...props }: ComponentProps<typeof DrawerPrimitive.Root>) {
  return <DrawerPrimitive.Root handleOnly={handleOnly} autoFocus={autoFocus} {...props} />;
}
export const DrawerTrigger = DrawerPrimitive.Trigger;
export const DrawerClose = DrawerPrimitive.Close;

export function DrawerContent({ className, children, closeLabel, ...props }: ComponentProps<typeof DrawerPrimitive.Content> & { closeLabel: string }) {
  return (
    <DrawerPrimitive.Portal>
      <DrawerPrimitive.Overlay className="fixed inset-0 z-50 bg-black/45" />
      <DrawerPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex h-[calc(100dvh-0.75rem)] flex-col rounded-t-2xl border border-border bg-surface text-foreground shadow-lift outline-none sm:inset-x-4 sm:mx-auto sm:h-[min(92dvh,56rem)] sm:max-w-3xl',
          className,
        )}
        {...props}
      >
        <DrawerPrimitive.Handle className="mt-2 !h-1.5 !w-12 shrink-0 !bg-border-strong" />
        {children}
        <DrawerPrimitive.Close className="absolute top-3 right-3 inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-surface-sunken hover:text-foreground focus-visible:outline-3 focus-visible:outline-ring">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">{closeLabel}</span>
        </DrawerPrimitive.Close>
      </DrawerPrimitive.Content>
    </DrawerPrimitive.Portal>
  );
}

export function DrawerTitle({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Title>) {
  return <DrawerPrimitive.Title className={cn('font-display text-xl font-semibold tracking-tight sm:text-2xl', className)} {...props} />;
}

export function DrawerDescription({ className, ...props }: ComponentProps<typeof DrawerPrimitive.Description>) {
  return <DrawerPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
