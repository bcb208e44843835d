import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { readGuestSession, readPageData, seedQueries, type PageQuery } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

/**
 * Providers that do not need the router. AuthProvider lives in the root route (it navigates). The query
 * cache starts with the answers a server-rendered page was rendered with (`queries`: the server's own
 * render; in the browser, what the page carries, lib/page-data.ts), and signed out when the server saw
 * no session.
 */
export function AppProvider({ children, queries }: { children: ReactNode; queries?: readonly PageQuery[] }) {
  const [queryClient] = useState(() => seedQueries(createQueryClient(), queries ?? [...readGuestSession(), ...readPageData()]));
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
