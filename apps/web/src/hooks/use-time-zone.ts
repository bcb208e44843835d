import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * The time zone to show dates in: the visitor's own (undefined: Intl's default), but UTC in HTML rendered
 * outside the browser, which cannot know it, and in the render that takes that HTML over, which must show
 * what it shows. React renders the visitor's own right after the take-over (a date near midnight may then
 * change by a day); a page rendered in the browser shows it at once.
 */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(
    never,
    () => undefined,
    () => 'UTC',
  );
}
