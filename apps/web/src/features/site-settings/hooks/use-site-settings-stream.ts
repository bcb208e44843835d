import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { API_PATHS, SITE_EVENTS } from '@curio/contract';
import { siteKeys } from '@/lib/query-keys';

/** The stream open to guests: it says only that the public site settings changed. */
export const SITE_STREAM_URL = `${API_PATHS.realtime}/site`;

/**
 * While mounted, reads the public site settings again the moment an admin changes them (the guests' `site` stream;
 * signed-in tabs hear it on their notifications stream too). The browser reconnects by itself.
 */
export function useSiteSettingsStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(SITE_STREAM_URL);
    source.addEventListener(SITE_EVENTS.settings, () => void queryClient.invalidateQueries({ queryKey: siteKeys.settings() }));
    return () => source.close();
  }, [queryClient]);
}
