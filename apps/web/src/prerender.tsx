// The landing page's HTML at build time (scripts/prerender.mjs runs this in a jsdom window after
// `vite build --ssr`), one file per language, so that the page paints before its scripts have run.
// The client renders the same tree over it once its scripts are here (main.tsx).
import { STORAGE_KEYS } from '@curio/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { pageExists, routes } from './app/router';
import { PageAvailabilityProvider } from './components/layout/page-availability';
import { i18n, initI18n, type Language } from './lib/i18n';

// What the build script needs to pre-render pages with their first pictures in place.
export { PAGE_IMAGES_META, PAGE_IMAGE_SLOTS, PAGE_IMAGE_TOKEN } from '@curio/contract';

export async function prerender(url: string, lng: Language): Promise<string> {
  // The consent banner is left to the client: only some visitors get it, and it is fixed at the bottom.
  localStorage.setItem(STORAGE_KEYS.consent, 'declined');
  await initI18n({ lng });
  await i18n.changeLanguage(lng);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Pre-rendering ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Lazy parts (the header's menus, the toaster) show their fallbacks, as they do in the client's first
  // render; the markers React leaves for the client are of no use to it (it renders anew, main.tsx).
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <PageAvailabilityProvider exists={pageExists}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PageAvailabilityProvider>
      </AppProvider>
    </StrictMode>,
  );
  localStorage.removeItem(STORAGE_KEYS.consent);
  return html.replace(/<template data-msg="[^"]*"[^>]*><\/template>/g, '');
}
