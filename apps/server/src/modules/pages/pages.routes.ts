import { EXPLORE_PAGE_SIZE } from '@curio/contract';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { sessionKey } from '../../auth/session-cache';
import type { ExploreService } from '../explore/explore.service';
import type { ItemPagesService } from '../items/item-pages.service';
import type { ProfilesService } from '../profiles/profiles.service';
import type { PageRenderer } from './page-renderer';
import { cardImages, createPagesService, GUEST_EXPLORE, guestItemPage, LANGUAGE_COOKIE, pageLanguage, type PageName, type PagesService } from './pages.service';

/**
 * GET /, /explore, /i/{id} and /u/{handle}: the app's index.html with the page's scripts, first data
 * and largest image named in its head (pages.service.ts), answered 404 for an item or a handle nobody
 * has (410 and 451 for a removed item, see guestItemPage). Other paths get the plain index.html.
 */
export function pagesRouter(pages: PagesService) {
  const router = new Hono();
  const page = async (c: Context, name: PageName, param?: string) => {
    const lng = pageLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'));
    const url = c.req.url;
    const query = url.indexOf('?');
    const search = query < 0 || query === url.length - 1 ? '' : url.slice(query);
    const { html, status } = await pages.page(name, { param, path: c.req.path, search, lng, signedIn: sessionKey(c.req.raw.headers) !== null });
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Cookie, Accept-Language');
    return c.html(html, status);
  };
  router.get('/', (c) => page(c, 'landing'));
  router.get('/explore', (c) => page(c, 'explore'));
  router.get('/i/:id', (c) => page(c, 'item', c.req.param('id')));
  router.get('/u/:handle', (c) => page(c, 'profile', c.req.param('handle')));
  return router;
}

/** The router over the app's own services: explore's snapshot cache, the item pages and the profiles (guests' pages rendered by `renderer`; `share`: the site's address and name for a profile's link preview). */
export function appPagesRouter(
  services: { explore: ExploreService; itemPages: ItemPagesService; profiles: ProfilesService },
  staticDir: string,
  renderer?: PageRenderer,
  share?: { publicUrl: string; appName: string },
) {
  return pagesRouter(
    createPagesService({
      staticDir,
      publicUrl: share?.publicUrl,
      async exploreImages() {
        return cardImages(await services.explore.list({ ...GUEST_EXPLORE, page: 0, pageSize: EXPLORE_PAGE_SIZE }));
      },
      // The first page a guest's browser asks for (explore-list without a session: the explore service's
      // cached page of the snapshot window, as the function answers it), for the address's filters.
      guestExplore: (filters) => services.explore.list({ ...filters, page: 0, pageSize: EXPLORE_PAGE_SIZE }),
      async guestItem(itemId) {
        const { data, status } = await guestItemPage(services.itemPages, itemId);
        const image = data?.access === 'visible' && data.item.imageId ? { imageId: data.item.imageId, nsfw: data.item.nsfw } : null;
        return { image, status, data };
      },
      // As a guest sees it (profile-get without a session); the service takes a failure (a handle nobody has) for none.
      guestProfile: (handle) => services.profiles.get(handle, null),
      renderer,
      share,
    }),
  );
}
