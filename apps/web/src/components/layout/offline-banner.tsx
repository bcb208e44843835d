import { WifiOff } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { reachability, reportAnswered } from '@/lib/reachability';

/** How often an unreachable server is asked again (`/health`) while the browser itself is online. */
export const OFFLINE_PROBE_MS = 5_000;

/**
 * "You're offline": shown while the browser has no network or a request just got no answer, and gone by itself as
 * soon as the network (or the server) is back. Forms keep what was typed; a write that failed says so where it was
 * made. A pill at the top of the screen, above a drawer or dialog too (one is open when a wizard's Next fails), clear
 * of the toasts at the bottom; on a phone only its first sentence, so that it stays one line above a drawer's title.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(reachability.subscribe, reachability.offline, () => false);

  // The browser has a network but the server did not answer: ask it again now and then, so the banner goes by itself.
  useEffect(() => {
    if (!offline) return;
    const probe = () => {
      if (!reachability.browserOnline()) return;
      fetch('/health', { cache: 'no-store' }).then(
        (r) => r.ok && reportAnswered(),
        () => undefined,
      );
    };
    const timer = window.setInterval(probe, OFFLINE_PROBE_MS);
    window.addEventListener('online', probe);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [offline]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[max(0.5rem,env(safe-area-inset-top))] z-[60] flex justify-center px-4"
    >
      {offline ? (
        <p
          className="flex items-center gap-2 rounded-full bg-foreground px-3.5 py-1.5 text-sm font-medium text-background shadow-lift"
          data-testid="offline-banner"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{t('offline.title')}</strong>
            <span className="sr-only sm:not-sr-only"> {t('offline.text')}</span>
          </span>
        </p>
      ) : null}
    </div>
  );
}
