import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

/** One toast at a time (spec), themed with the app's tokens. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme}
      visibleToasts={1}
      position="top-center"
      toastOptions={{
        classNames: {
          toast: '!rounded-xl !border !border-border !bg-surface !text-foreground !shadow-lift !font-sans',
          description: '!text-muted-foreground',
        },
      }}
    />
  );
}
