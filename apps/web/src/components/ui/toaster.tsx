import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Toaster as Sonner, toast, useSonner } from 'sonner';
import { useTheme } from '@/lib/theme';
import { useToastClearance } from './toast-clearance';

/** A toast whose id starts with this survives the navigation its own action starts (e.g. sign-up → onboarding). */
export const CARRY_ACROSS_NAVIGATION = 'carry:';

/** How long a toast stays: short, it only confirms what the page already shows. */
export const TOAST_DURATION_MS = 3000;

/**
 * One toast at a time (spec): a new toast replaces the one shown, and a page change dismisses what the
 * previous page raised. Toasts sit at the bottom centre, above the consent banner while it shows
 * (`--consent-space`), where they cover neither the header (bell, menus) nor a drawer's handle and close
 * button; they are short-lived, and one without a button lets taps through to the page under it. Above
 * whatever else is pinned to the bottom too (`data-toast-clear`: the wizard's footer, a phone sheet, the
 * maintenance card), gliding there and back as it comes and goes (styles.css).
 */
export function Toaster() {
  const { t } = useTranslation();
  const { resolvedTheme } = useTheme();
  const { toasts } = useSonner();
  const { pathname } = useLocation();
  const shownOn = useRef(new Map<string | number, string>());

  // Newest first in sonner's list: everything older than the newest goes.
  useEffect(() => {
    for (const item of toasts) if (!shownOn.current.has(item.id)) shownOn.current.set(item.id, pathname);
    const live = new Set(toasts.map((item) => item.id));
    for (const id of shownOn.current.keys()) if (!live.has(id)) shownOn.current.delete(id);
    for (const item of toasts.slice(1)) toast.dismiss(item.id);
  }, [toasts, pathname]);

  useEffect(() => {
    for (const [id, shownPath] of shownOn.current) {
      if (shownPath !== pathname && !String(id).startsWith(CARRY_ACROSS_NAVIGATION)) toast.dismiss(id);
    }
  }, [pathname]);

  const clearance = useToastClearance(toasts.length > 0);
  const offset = { bottom: `calc(max(var(--consent-space, 0px), ${clearance}px) + 16px)` };
  return (
    <Sonner
      theme={resolvedTheme}
      visibleToasts={1}
      // The region's name in the page's language (sonner adds its keyboard shortcut, alt+T, after it).
      containerAriaLabel={t('common.toastRegion')}
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      offset={offset}
      mobileOffset={offset}
      toastOptions={{
        classNames: {
          // A toast without a button lets taps through to whatever it happens to lie over.
          toast: '!rounded-xl !border !border-border !bg-surface !text-foreground !shadow-lift !font-sans pointer-events-none has-[button]:pointer-events-auto',
          description: '!text-muted-foreground',
        },
      }}
    />
  );
}
