import type { FunctionOutput } from '@curio/contract';
import { useEffect, useRef } from 'react';
import { track } from '@/lib/analytics';

/**
 * Sends `profile_view` (with the handle, spec part 1 §9) once per profile when it has loaded and is
 * shown to someone other than its owner (the server never counts the owner's own views either).
 * Consent and Do-Not-Track are the queue's business.
 */
export function useProfileViewTracking(data: FunctionOutput<'profile-get'> | undefined) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!data || data.access !== 'visible' || data.viewer.isOwner) return;
    const { handle } = data.profile;
    if (sent.current === handle) return;
    sent.current = handle;
    track('profile_view', { handle }, window.location.pathname);
  }, [data]);
}
