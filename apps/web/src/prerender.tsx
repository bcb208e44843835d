// Pages rendered outside the browser, with React's server renderer (after `vite build --ssr`): at build
// time the landing page and the others' skeletons, one file per language (scripts/prerender.mjs), so that
// a page paints before its scripts have run; per request, a guest's profile with its data, in the server's
// worker thread (scripts/render-worker.mjs, on plain Node.js: no browser globals). The client renders the
// same tree over it once its scripts are here (main.tsx).
import type { FunctionOutput } from '@curio/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { pageExists, routes } from './app/router';
import { PageAvailabilityProvider } from './components/layout/page-availability';
import { DocumentMetaSink, type DocumentMeta } from './hooks/use-document-meta';
import { i18n, initI18n, type Language } from './lib/i18n';
import { pageDataScript, type PageQuery } from './lib/page-data';
import { PageImagesProvider } from './lib/page-images';
import { ServerRenderProvider } from './lib/server-render';
import { profileKeys } from './lib/query-keys';

// What the build script needs to pre-render pages with their first pictures in place, and the shell.
export { PAGE_IMAGE_SLOTS, PAGE_IMAGE_TOKEN, PAGE_ROOT_SLOT } from '@curio/contract';

/**
 * The app's HTML at `url` in `lng`, with the query cache holding `queries` (a guest's view: no session)
 * and the page's first pictures named by `images` (lib/page-images.ts), and the page's meta (title,
 * description, canonical path) as its render named it.
 */
async function render(
  url: string,
  lng: Language,
  queries: readonly PageQuery[],
  images: readonly string[] = [],
): Promise<{ html: string; meta: DocumentMeta | null }> {
  await initI18n({ lng });
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`Rendering ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const address = new URL(url);
  // Lazy parts (the header's menus, the toaster) show their fallbacks, as they do in the client's first
  // render; the markers React leaves for the client are of no use to it (it renders anew, main.tsx). What
  // only the visitor's browser can decide (the consent banner) is left to the client (ServerRenderProvider).
  let meta: DocumentMeta | null = null;
  const html = renderToString(
    <StrictMode>
      <ServerRenderProvider>
        <DocumentMetaSink.Provider value={(named) => (meta = named)}>
          <AppProvider queries={queries}>
            <PageAvailabilityProvider exists={pageExists}>
              <PageImagesProvider path={address.pathname + address.search} ids={images}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </PageImagesProvider>
            </PageAvailabilityProvider>
          </AppProvider>
        </DocumentMetaSink.Provider>
      </ServerRenderProvider>
    </StrictMode>,
  );
  return { html: html.replace(/<template data-msg="[^"]*"[^>]*><\/template>/g, ''), meta };
}

/**
 * A page as a first-time guest sees it before its data has arrived (build time), with its first pictures
 * where `images` names them (the server puts the pictures' ids in their place).
 */
export async function prerender(url: string, lng: Language, images: readonly string[] = []): Promise<string> {
  return (await render(url, lng, [], images)).html;
}

/**
 * A guest's profile page with its data (`profile-get` as a guest gets it): the HTML of `#root`, the
 * script that hands the data to the app (lib/page-data.ts) and the page's meta for the head. `path` is
 * the address asked (with its query).
 */
export async function renderProfile(path: string, handle: string, lng: Language, profile: FunctionOutput<'profile-get'>) {
  const queries: PageQuery[] = [{ key: profileKeys.byHandle(handle.toLowerCase()), data: profile }];
  const { html, meta } = await render(`http://localhost${path}`, lng, queries);
  return { html, data: pageDataScript(queries), meta };
}
