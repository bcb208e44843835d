import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Runs `run` once no photo is still being prepared: at once when none is, otherwise as soon as
 * the last one is (`waiting` meanwhile). Generation never starts from a worse cut-out in silence.
 */
export function useAfterPrep(pending: number, run: () => void) {
  const [waiting, setWaiting] = useState(false);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    if (waiting && pending === 0) {
      setWaiting(false);
      runRef.current();
    }
  }, [waiting, pending]);

  const request = useCallback(() => {
    if (pending > 0) setWaiting(true);
    else runRef.current();
  }, [pending]);

  return { waiting, request };
}
