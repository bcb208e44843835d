import { vi } from 'vitest';

/**
 * Runs `check` until it passes: explore's rankings are cached for a snapshot window (1 s in the tests) and hold what
 * existed at its start, so what a test just wrote shows from the next window on. Answers what `check` answers.
 */
export const untilNextSnapshot = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 5_000, interval: 100 });
