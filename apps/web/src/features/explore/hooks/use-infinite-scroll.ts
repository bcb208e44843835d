import { useEffect, useRef } from 'react';

/** Calls `onReach` when the sentinel comes into view (IntersectionObserver, threshold 0.1) while `enabled`. */
export function useInfiniteScroll<T extends Element>(onReach: () => void, enabled: boolean) {
  const ref = useRef<T | null>(null);
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { threshold: 0.1 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
