import { useCallback, useEffect, useRef } from 'react';

/**
 * A stable function that calls `callback` with the last arguments once calls have stopped for `delayMs`.
 * A pending call is sent when the component unmounts, so that a change is never lost.
 */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number) {
  const callbackRef = useRef(callback);
  callbackRef.current = callback;
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; args: A } | null>(null);

  useEffect(
    () => () => {
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      callbackRef.current(...pending.current.args);
      pending.current = null;
    },
    [],
  );

  return useCallback(
    (...args: A) => {
      if (pending.current) clearTimeout(pending.current.timer);
      const timer = setTimeout(() => {
        pending.current = null;
        callbackRef.current(...args);
      }, delayMs);
      pending.current = { timer, args };
    },
    [delayMs],
  );
}
