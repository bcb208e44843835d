// Pages rendered outside the browser, with React's server renderer (after `vite build --ssr`): at build
// time the landing page and the others' skeletons, one file per language (scripts/prerender.mjs), so that
// a page paints before its scripts have run; per request, a guest's profile, explore and an item page with
// their data, in the server's worker thread (scripts/render-worker.mjs, on plain Node.js: no browser
// globals). The client renders the same tree over it once its scripts are here (main.tsx).
import type { FunctionOutput } from '@curio/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { pageExists, routes } from './app/router';
import { PageAvailabilityProvider } from './components/layout/page-availability';
import { DocumentMetaSink, type DocumentMeta } from './hooks/use-document-meta';
import { i18n, initI18n, type Language } from './lib/i18n';
import { pageDataScript, seedQueries, type PageQuery } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { PageImagesProvider } from './lib/page-images';
import { ServerRenderProvider } from './lib/server-render';
import { authKeys, exploreKeys, itemKeys, profileKeys } from './lib/query-keys';
import { factParams, filtersFromSearch } from './features/explore/utils/filters';

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
  // The page's own query cache, emptied once the page is rendered: each query left in it would keep the whole cache
  // (and its observers) for its garbage-collection time, five minutes, by a timer — about 47 KB a page that the
  // worker's heap held until then (docs/benchmarks.md, "What rendering costs the server").
  const client = seedQueries(createQueryClient(), queries);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <ServerRenderProvider>
          <DocumentMetaSink.Provider value={(named) => (meta = named)}>
            <AppProvider client={client}>
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
  } finally {
    client.clear();
  }
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
 * A page for a guest with the data its queries would fetch (`queries`): the HTML of `#root`, the script
 * that hands that data to the app (lib/page-data.ts) and the page's meta for the head. The render also
 * knows the session as none, as the app does from the guest's meta (lib/page-data.ts, readGuestSession),
 * which the page's script need not carry. `path` is the address asked (with its query).
 */
async function renderForGuest(path: string, lng: Language, queries: PageQuery[]) {
  const { html, meta } = await render(`http://localhost${path}`, lng, [{ key: authKeys.session(), data: null }, ...queries]);
  return { html, data: pageDataScript(queries), meta };
}

/** A guest's profile page with its data (`profile-get` as a guest gets it). */
export async function renderProfile(path: string, handle: string, lng: Language, profile: FunctionOutput<'profile-get'>) {
  return renderForGuest(path, lng, [{ key: profileKeys.byHandle(handle.toLowerCase()), data: profile }]);
}

/**
 * Explore as a guest first sees it, the filters of its address (by default trending, 7 days, no NSFW; a shared
 * `?maker=Bandai`) with their first page (`explore-list` as a guest gets it): the feed's query holds it as its
 * first page, as if it had fetched it.
 */
export async function renderExplore(path: string, lng: Language, page: FunctionOutput<'explore-list'>) {
  // The explore page's feed key for the address's filters (app/routes/explore.tsx; features/explore/api/get-explore-list.ts).
  const filters = filtersFromSearch(new URL(path, 'http://localhost').searchParams);
  const key = exploreKeys.feed({
    sort: filters.sort,
    timeRange: filters.timeRange,
    tag: filters.tag,
    includeNSFW: filters.nsfw ?? false,
    ...factParams(filters),
  });
  return renderForGuest(path, lng, [{ key, data: { pages: [page], pageParams: [{ page: 0 }] } }]);
}

/** An item's page with its data (`item-get` as a guest gets it). */
export async function renderItem(path: string, itemId: string, lng: Language, item: FunctionOutput<'item-get'>) {
  return renderForGuest(path, lng, [{ key: itemKeys.detail(itemId), data: item }]);
}
