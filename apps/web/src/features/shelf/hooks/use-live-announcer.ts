import { LIVE_ANNOUNCEMENT_CLEAR_MS } from '@curio/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Text for an aria-live region, cleared after LIVE_ANNOUNCEMENT_CLEAR_MS (spec: 1 s). Saying the same
 * thing twice in a row toggles a trailing no-break space so that screen readers read it again.
 */
export function useLiveAnnouncer(clearMs = LIVE_ANNOUNCEMENT_CLEAR_MS) {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const announce = useCallback(
    (text: string) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage((previous) => (previous.trim() === text && !previous.endsWith('\u00a0') ? `${text}\u00a0` : text));
      timer.current = setTimeout(() => setMessage(''), clearMs);
    },
    [clearMs],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { message, announce };
}
