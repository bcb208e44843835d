import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { siteKeys } from '@/lib/query-keys';

/** How often an open wizard re-reads the public site settings (maintenance mode). */
export const SITE_SETTINGS_REFRESH_MS = 20_000;

/**
 * Keeps the public site settings fresh while the wizard is open: re-reads them every
 * SITE_SETTINGS_REFRESH_MS, when the window regains focus or the tab becomes visible (an admin's change arrives at
 * once on the notifications stream; this is for a stream that missed it). The page that
 * opened the wizard observes the same query and hands the live maintenance flag down.
 */
export function useLiveSiteSettings() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      void queryClient.refetchQueries({ queryKey: siteKeys.settings(), type: 'active' });
    };
    refresh();
    const timer = window.setInterval(refresh, SITE_SETTINGS_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [queryClient]);
}
