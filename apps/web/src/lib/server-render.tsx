import { createContext, useContext, type ReactNode } from 'react';

/**
 * True while a page is rendered outside a browser (prerender.tsx, at build time and on the server): parts
 * that only the visitor's browser can decide (the consent banner, which depends on what it stored and
 * where it is) render nothing there and are left to the client.
 */
const ServerRenderContext = createContext(false);

export function ServerRenderProvider({ children }: { children: ReactNode }) {
  return <ServerRenderContext.Provider value={true}>{children}</ServerRenderContext.Provider>;
}

export function useServerRender(): boolean {
  return useContext(ServerRenderContext);
}
