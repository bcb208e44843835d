import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether the app has a page at a path. The router provides it from its route table, so links to pages
 * that are not built yet (admin, DMCA …) stay hidden instead of leading to the not-found page, and
 * appear on their own once the route exists.
 */
const PageAvailabilityContext = createContext<(href: string) => boolean>(() => true);

export function PageAvailabilityProvider({ exists, children }: { exists: (href: string) => boolean; children: ReactNode }) {
  return <PageAvailabilityContext.Provider value={exists}>{children}</PageAvailabilityContext.Provider>;
}

export function usePageExists(): (href: string) => boolean {
  return useContext(PageAvailabilityContext);
}
