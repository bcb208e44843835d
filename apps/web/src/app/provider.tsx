import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { readGuestSession, readPageData, seedQueries } from '@/lib/page-data';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

/**
 * Providers that do not need the router. AuthProvider lives in the root route (it navigates). In the
 * browser the query cache starts with the answers a server-rendered page carries (lib/page-data.ts), and
 * signed out when the server saw no session. The server's render (prerender.tsx) gives its own `client`,
 * seeded with the page's answers, and empties it once the page is rendered.
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? seedQueries(createQueryClient(), [...readGuestSession(), ...readPageData()]));
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
