import {
  EXPLORE_PAGE_SIZE,
  EXPLORE_SORTS,
  exploreListInputSchema,
  GUEST_PAGE_META,
  HANDLE_PATTERN,
  LANDING_GALLERY,
  PAGE_IMAGE_SLOTS,
  PAGE_IMAGE_TOKEN,
  PAGE_IMAGES_META,
  PAGE_ROOT_SLOT,
  TIME_RANGES,
  type ExploreSort,
  type FunctionOutput,
  type TimeRange,
} from '@curio/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../lib/errors';
import { htmlText } from '../../lib/html';
import type { ItemPagesService } from '../items/item-pages.service';
import { shelfCardTags } from '../share/shelf-card';
import type { PageRenderer, RenderedPage } from './page-renderer';

/** The pages whose HTML names what they will load (the web build lists their scripts in page-preloads.json). */
export const PAGE_NAMES = ['landing', 'explore', 'item', 'profile'] as const;
export type PageName = (typeof PAGE_NAMES)[number];

/** The variants of a composite and their widths (the web app's lib/image-url.ts offers the same `srcset`). */
const COMPOSITE_WIDTHS = { thumb: 384, public: 1200 } as const;
/** The `sizes` of the images the pages show first (the item page's picture, an explore card). */
const ITEM_IMAGE_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw';
const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw';
/** The cookie the web app keeps its language in (lib/i18n.ts), beside its localStorage choice. */
export const LANGUAGE_COOKIE = 'curio_lang';
const LANGUAGES = ['en', 'zh-CN'] as const;
export type PageLanguage = (typeof LANGUAGES)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PagesDeps {
  /** The built web app's folder (index.html, page-preloads.json). */
  staticDir: string;
  /** The site's public address, for the absolute image address of an item page's link preview (`og:image`). */
  publicUrl?: string;
  /** The image ids of the first explore cards a guest sees (trending, 7 days, no NSFW), in order. */
  exploreImages(): Promise<string[]>;
  /**
   * Explore's first page as a guest's browser asks it (`explore-list` without a session, page 0,
   * EXPLORE_PAGE_SIZE) for the filters of the address (GUEST_EXPLORE without a query string). Optional:
   * without it explore arrives as its skeleton (with its first pictures in place).
   */
  guestExplore?(filters: GuestExploreFilters): Promise<ExploreList>;
  /**
   * An item's page as a guest is answered it, from one lookup: its picture when anyone may see it (its
   * image id, and whether the item is marked NSFW), the HTTP status (404 for no such item, 410 for
   * one removed by moderation, 451 for one taken down by a DMCA notice) and, when given, the answer
   * itself (`item-get` without a session), which the page is rendered with.
   */
  guestItem(itemId: string): Promise<{ image: { imageId: string; nsfw: boolean } | null; status: PageStatus; data?: ItemGet | null }>;
  /**
   * A profile as a guest sees it (`profile-get` without a session); null, or a failure, when there is
   * none. Optional: without it a profile names only its data.
   */
  guestProfile?(handle: string): Promise<ProfileGet | null>;
  /**
   * Renders a guest's profile, explore and an item page with their data (page-renderer.ts). Optional:
   * without it they arrive as their skeleton.
   */
  renderer?: PageRenderer;
  /**
   * The site's public address and name, for a profile's link preview (OpenGraph and Twitter tags naming
   * the picture of its shelf, share/shelf-card.ts). Optional: without it a profile names none.
   */
  share?: { publicUrl: string; appName: string };
}

type ProfileGet = FunctionOutput<'profile-get'>;
type ExploreList = FunctionOutput<'explore-list'>;
type ItemGet = FunctionOutput<'item-get'>;

/**
 * Whether a guest's item page is rendered with its data: only an item anyone may see, not hidden, and not
 * NSFW (a guest's explore leaves NSFW items out; its page shows it behind its gate, drawn by the app as
 * before). A private profile's item, a removed one and any other answer arrive as the skeleton.
 */
export function rendersItem(data: ItemGet | null | undefined): data is Extract<ItemGet, { access: 'visible' }> {
  return data?.access === 'visible' && !data.item.hidden && !data.item.nsfw;
}

/** The statuses a page's HTML is answered with (the same HTML: the app shows the page's own message). */
export type PageStatus = 200 | 404 | 410 | 451;

/** A lookup's failure that says there is no such thing (the services' not-found error). */
const isNotFound = (err: unknown) => typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 404;

/** The top plank of a shelf a guest may see, left to right, without NSFW items: what a profile shows first. */
function topPlankImages(profile: ProfileGet | null): string[] {
  if (profile?.access !== 'visible' || !profile.shelf) return [];
  return profile.shelf.placed
    .filter((item) => item.row === 0 && !item.nsfw)
    .sort((a, b) => a.col - b.col)
    .map((item) => item.imageId);
}

/** The image ids of explore's cards, in order (a card's picture is its composite's thumbnail). */
export function cardImages(list: ExploreList): string[] {
  return list.items.flatMap((item) => {
    const id = /^\/img\/([^/]+)\/thumb$/.exec(item.imageUrl)?.[1];
    return id ? [decodeURIComponent(id)] : [];
  });
}

/** The filters of a guest's explore, as explore-list takes them (the facts and the tag only when set). */
export type GuestExploreFilters = {
  sort: ExploreSort;
  timeRange: TimeRange;
  includeNSFW: false;
  tag?: string;
  maker?: string;
  line?: string;
  character?: string;
};

/**
 * The filters a guest's explore address asks for, read as the web app reads them (features/explore/utils/filters.ts:
 * an unknown sort or range is the default, texts trimmed, blank ones unset), so the page rendered here is the
 * one its scripts take over. Null for an address that asks for NSFW items (a guest's page draws them behind
 * its gate, as before) or names a filter explore-list refuses: that page arrives as its skeleton.
 */
export function guestExploreFilters(search: string): GuestExploreFilters | null {
  const params = new URLSearchParams(search);
  if (params.get('nsfw') === 'true' || params.get('nsfw') === '1') return null;
  const sort = params.get('sort');
  const timeRange = params.get('timeRange');
  const filters: GuestExploreFilters = {
    sort: (EXPLORE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ExploreSort) : GUEST_EXPLORE.sort,
    timeRange: (TIME_RANGES as readonly string[]).includes(timeRange ?? '') ? (timeRange as TimeRange) : GUEST_EXPLORE.timeRange,
    includeNSFW: false,
  };
  for (const key of ['tag', 'maker', 'line', 'character'] as const) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return exploreListInputSchema.safeParse({ ...filters, page: 0, pageSize: EXPLORE_PAGE_SIZE }).success ? filters : null;
}

/** What a page's HTML is made for: the item id or profile handle, the path and query string (`?…` or empty), the language, a session. */
export interface PageRequest {
  param?: string;
  path?: string;
  search?: string;
  lng?: PageLanguage;
  signedIn?: boolean;
}

type ImagePage = keyof typeof PAGE_IMAGE_SLOTS;
const IMAGE_ID = /^[\w-]+$/;

const imageUrl = (id: string, variant: keyof typeof COMPOSITE_WIDTHS) => `/img/${encodeURIComponent(id)}/${variant}`;
const srcset = (id: string) => `${imageUrl(id, 'thumb')} ${COMPOSITE_WIDTHS.thumb}w, ${imageUrl(id, 'public')} ${COMPOSITE_WIDTHS.public}w`;

function imagePreload(id: string, sizes: string): string {
  return htmlText`<link rel="preload" as="image" href="${imageUrl(id, 'public')}" imagesrcset="${srcset(id)}" imagesizes="${sizes}" fetchpriority="high">`;
}

/** How many of a profile's top-plank pictures its head preloads (the cells are alike: the first painted is the largest). */
const PROFILE_PRELOADS = 2;

/** A shelf picture: the thumbnail the shelf shows (no `srcset`), wanted before the scripts ask for it. */
function shelfImagePreload(id: string): string {
  return htmlText`<link rel="preload" as="image" href="${imageUrl(id, 'thumb')}" fetchpriority="high">`;
}

function dataPreload(fn: string, params: Record<string, string>): string {
  // The same address the web app's api-client asks (GET /functions/v1/{name}?…, credentials included).
  const href = `/functions/v1/${fn}?${new URLSearchParams(params).toString()}`;
  return htmlText`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
}

/**
 * Rendered explore and item pages, kept for as long as the answer they were rendered from is the one a
 * guest gets: explore's cards are the explore service's cached page of its snapshot window (the same
 * array for every guest), an item's answer the item pages' cached guest answer (the same object while the
 * item's page stays cached). Keyed by those objects (a WeakMap: a render goes with its data), then by the
 * language and what else the HTML depends on, so a busy page is rendered once per change of its data.
 */
function renderCache() {
  const explore = new WeakMap<object, Map<string, Promise<RenderedPage | null>>>();
  const items = new WeakMap<object, Map<string, Promise<RenderedPage | null>>>();
  /** At most this many renders of one answer (addresses with another query string, two languages). */
  const PER_ANSWER = 8;
  const kept = (store: WeakMap<object, Map<string, Promise<RenderedPage | null>>>, data: object, key: string, make: () => Promise<RenderedPage | null>) => {
    let renders = store.get(data);
    if (!renders) store.set(data, (renders = new Map()));
    const known = renders.get(key);
    if (known) return known;
    if (renders.size >= PER_ANSWER) renders.clear();
    const made = make();
    renders.set(key, made);
    // A failed render (the skeleton this time) is tried again with the next request.
    void made.then((page) => {
      if (!page && renders.get(key) === made) renders.delete(key);
    });
    return made;
  };
  return {
    explore: (renderer: PageRenderer, page: ExploreList, lng: PageLanguage, search: string) =>
      kept(explore, page.items, `${lng} ${search} ${page.snapshot} ${page.nextPage}`, () => renderer.explore({ path: `/explore${search}`, lng, page })),
    item: (renderer: PageRenderer, request: { path: string; itemId: string; lng: PageLanguage; item: ItemGet }) =>
      kept(items, request.item, `${request.lng} ${request.path}`, () => renderer.item(request)),
  };
}

/**
 * The single-page app's index.html for the pages people arrive on, with what the page will need
 * named in its head: the route's scripts, its first data and its largest image. The browser fetches
 * them beside the entry script instead of one after another (entry, route, data, image).
 */
export function createPagesService(deps: PagesDeps) {
  type Prerendered = Record<PageName | `${ImagePage}-images` | 'shell', Partial<Record<PageLanguage, string>>>;
  let cached: { html: string; preloads: Record<string, string[]>; prerendered: Prerendered } | null = null;
  const files = () => {
    if (cached) return cached;
    const html = readFileSync(path.join(deps.staticDir, 'index.html'), 'utf8');
    // The pages pre-rendered at build time, per language (apps/web/scripts/prerender.mjs): the landing
    // page whole, the others as the skeleton they show while their data loads, explore and the item
    // page once more with their first pictures' places marked; and the shell a page rendered per request
    // goes in.
    const names = [...PAGE_NAMES, ...(Object.keys(PAGE_IMAGE_SLOTS) as ImagePage[]).map((page) => `${page}-images` as const), 'shell' as const];
    const prerendered = Object.fromEntries(names.map((name) => [name, {}])) as Prerendered;
    for (const page of names) {
      for (const lng of LANGUAGES) {
        try {
          prerendered[page][lng] = readFileSync(path.join(deps.staticDir, `${page}.${lng}.html`), 'utf8');
        } catch {
          // not pre-rendered: the plain index.html
        }
      }
    }
    let preloads: Record<string, string[]> = {};
    try {
      preloads = JSON.parse(readFileSync(path.join(deps.staticDir, 'page-preloads.json'), 'utf8')) as Record<string, string[]>;
    } catch {
      // an older build without the list: the page works, it only loads its scripts later
    }
    cached = { html, preloads, prerendered };
    return cached;
  };

  /**
   * The pictures a page shows first, for everyone: the ids (in order) and whether they may show
   * unblurred; for a profile, the profile a guest sees too.
   */
  async function firstImages(
    page: PageName,
    param: string,
    search: string,
  ): Promise<{ ids: string[]; plain: boolean; profile?: ProfileGet | null; explore?: ExploreList | null; item?: ItemGet | null; status: PageStatus }> {
    if (page === 'item') {
      if (!UUID.test(param)) return { ids: [], plain: false, status: 404 };
      const { image, status, data } = await deps.guestItem(param).catch(() => ({ image: null, status: 200 as const, data: null }));
      return image && IMAGE_ID.test(image.imageId)
        ? { ids: [image.imageId], plain: !image.nsfw, item: data, status }
        : { ids: [], plain: false, item: data, status };
    }
    // Explore's first cards for the default filters (their pictures may be put in the skeleton's places).
    if (page === 'explore' && !search) {
      const explore = deps.guestExplore ? await deps.guestExplore({ ...GUEST_EXPLORE }).catch(() => null) : null;
      const ids = explore ? cardImages(explore) : await deps.exploreImages().catch(() => []);
      return { ids: ids.filter((id) => IMAGE_ID.test(id)), plain: true, explore, status: 200 };
    }
    // Another query string (`?maker=Bandai`, a shared link): its own first page, rendered with it; the
    // skeleton, should the render fail, keeps its places empty.
    if (page === 'explore') {
      const filters = guestExploreFilters(search);
      const explore = filters && deps.guestExplore ? await deps.guestExplore(filters).catch(() => null) : null;
      return { ids: explore ? cardImages(explore).filter((id) => IMAGE_ID.test(id)) : [], plain: false, explore, status: 200 };
    }
    // Only a handle that can exist is looked up (profile-get lower-cases the address's).
    const handle = param.toLowerCase();
    if (page === 'profile' && !HANDLE_PATTERN.test(handle)) return { ids: [], plain: false, status: 404 };
    if (page === 'profile' && deps.guestProfile) {
      // No such handle is a 404; a lookup that failed otherwise (a busy database) says nothing of it.
      let profile: ProfileGet | null = null;
      let status: PageStatus = 404;
      try {
        profile = await deps.guestProfile(handle);
        if (profile) status = 200;
      } catch (err) {
        if (!isNotFound(err)) status = 200;
      }
      return { ids: topPlankImages(profile).filter((id) => IMAGE_ID.test(id)), plain: true, profile, status };
    }
    return { ids: [], plain: false, status: 200 };
  }

  /**
   * The shell with a page rendered per request in `#root`, its data beside it, its head tags, and the
   * title, description and canonical link its render named (the app sets the same once it runs).
   */
  function withRender(shell: string, rendered: RenderedPage, tags: string[]): string {
    const { meta } = rendered;
    if (meta) {
      shell = shell
        .replace(/<title>[^<]*<\/title>/, () => htmlText`<title>${meta.title}</title>`)
        .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => htmlText`<meta name="description" content="${meta.description}" />`);
      if (meta.canonical?.startsWith('/')) tags = [...tags, htmlText`<link rel="canonical" href="${meta.canonical}">`];
    }
    // Functions as replacements: a `$` in the page's text is text, not a pattern.
    return shell
      .replace(PAGE_ROOT_SLOT, () => rendered.html)
      .replace('</head>', () => `${tags.join('\n')}\n</head>`)
      .replace('</body>', () => `${rendered.data}\n</body>`);
  }

  const renders = renderCache();

  return {
    /**
     * The head tags for a page (`param` is the item id or the profile handle; `prerendered`: its HTML
     * paints without scripts; `withData`: it carries its data, which is then not fetched again).
     */
    headTags(page: PageName, param: string, images: string[], prerendered: boolean, withData = false): string[] {
      const tags: string[] = [];
      if (!withData && page === 'item' && UUID.test(param)) tags.push(dataPreload('item-get', { itemId: param }));
      else if (!withData && page === 'profile' && param) tags.push(dataPreload('profile-get', { handle: param }));
      if (page === 'profile') images.slice(0, PROFILE_PRELOADS).forEach((id) => tags.push(shelfImagePreload(id)));
      else if (images[0]) tags.push(imagePreload(images[0], page === 'item' ? ITEM_IMAGE_SIZES : CARD_IMAGE_SIZES));
      // A pre-rendered page paints from its HTML and fetches its scripts once it has (the web app's
      // boot-after-paint.js reads this meta): they neither hold its first paint up nor share the network
      // with its largest picture. Any other page fetches the route's scripts beside the entry.
      const scripts = files().preloads[page] ?? [];
      if (prerendered && scripts.length) tags.push(htmlText`<meta name="curio-preload" content="${scripts.join(' ')}">`);
      else for (const file of scripts) tags.push(htmlText`<link rel="modulepreload" crossorigin href="${file}">`);
      return tags;
    },

    /**
     * index.html with the page's head tags, pre-rendered in the visitor's language: the landing page for
     * everyone; the others only for a visitor without a session, whose header the skeleton shows (a
     * signed-in collector's would change under their eyes). A profile a guest may see, explore (default
     * filters) and the page of an item a guest may see (not NSFW) come rendered whole, with their data;
     * when they cannot be rendered, explore and an item page come with their first pictures in place when
     * there are enough of them and none is NSFW.
     */
    async html(page: PageName, request: PageRequest = {}): Promise<string> {
      return (await this.page(page, request)).html;
    },

    /**
     * The page's HTML (see `html`) and the HTTP status it is answered with: 404 for an item or a handle
     * nobody has, 410 for an item removed by moderation, 451 for one taken down by a DMCA notice.
     */
    async page(page: PageName, request: PageRequest = {}): Promise<{ html: string; status: PageStatus }> {
      const { param = '', search = '', lng = 'en', signedIn = false } = request;
      const { ids, plain, profile, explore, item, status } = await firstImages(page, param, search);
      const preview = page === 'item' ? itemPreviewTags(item, deps.publicUrl ?? '') : [];
      const skeleton = page === 'landing' || !signedIn;
      const shell = files().prerendered.shell[lng];
      // A request without a session: the app starts signed out rather than asking first. A guest (a link
      // preview's crawler is one) is told of a profile's preview: the picture of the shelf as guests see it.
      const guest = signedIn ? [] : [`<meta name="${GUEST_PAGE_META}" content="">`];
      if (!signedIn && page === 'profile' && profile && deps.share) guest.push(...shelfCardTags(profile, { ...deps.share, lng }));
      // A guest's profile, explore (default filters) and item page come rendered with their data.
      const renderer = !signedIn && shell ? deps.renderer : undefined;
      let rendered: RenderedPage | null = null;
      if (renderer && page === 'profile' && profile?.access === 'visible') {
        const address = `${request.path ?? `/u/${encodeURIComponent(param)}`}${search}`;
        rendered = await renderer.profile({ path: address, handle: param, lng, profile });
      } else if (renderer && page === 'explore' && explore) {
        rendered = await renders.explore(renderer, explore, lng, search);
      } else if (renderer && page === 'item' && rendersItem(item)) {
        rendered = await renders.item(renderer, { path: `${request.path ?? `/i/${param}`}${search}`, itemId: param, lng, item });
      }
      if (rendered) return { html: withRender(shell!, rendered, [...this.headTags(page, param, ids, true, true), ...preview, ...guest]), status };
      const slots = page === 'explore' || page === 'item' ? PAGE_IMAGE_SLOTS[page] : 0;
      const withImages = skeleton && plain && slots > 0 && ids.length >= slots ? files().prerendered[`${page as ImagePage}-images`][lng] : undefined;
      const prerendered = skeleton ? files().prerendered[page][lng] : undefined;
      let html = withImages ?? prerendered ?? files().html;
      const tags = [...this.headTags(page, param, ids, (withImages ?? prerendered) !== undefined), ...preview, ...guest];
      if (withImages) {
        const shown = ids.slice(0, slots);
        shown.forEach((id, slot) => (html = html.replaceAll(PAGE_IMAGE_TOKEN(slot), encodeURIComponent(id))));
        // The address the page's first render compares with its own (path and query, as the browser has them).
        const path = `${page === 'item' ? `/i/${param}` : '/explore'}${search}`;
        tags.push(htmlText`<meta name="${PAGE_IMAGES_META}" content="${shown.join(' ')}" data-path="${path}">`);
      }
      return { html: tags.length ? html.replace('</head>', `${tags.join('\n')}\n</head>`) : html, status };
    },
  };
}

/**
 * An item page's link preview: its image with the image's alt text (the owner's, or the title when they wrote
 * none), as the share page names them, for an item anyone may see that is not NSFW; nothing otherwise.
 */
export function itemPreviewTags(item: ItemGet | null | undefined, publicUrl: string): string[] {
  if (item?.access !== 'visible' || item.item.hidden || item.item.nsfw || !item.item.imageId) return [];
  const alt = item.item.altText ?? item.item.title;
  return [
    htmlText`<meta property="og:image" content="${publicUrl}/img/${item.item.imageId}/public">`,
    htmlText`<meta property="og:image:alt" content="${alt}">`,
  ];
}

/**
 * The language the web app will show (lib/i18n.ts: the saved choice, then the browser's): the cookie
 * it mirrors its choice into, then Accept-Language's first supported language; English otherwise.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const pick = (tag: string | undefined): PageLanguage | undefined => {
    const lower = tag?.trim().toLowerCase();
    if (!lower) return undefined;
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
    return undefined;
  };
  const saved = pick(cookie);
  if (saved) return saved;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q);
  // The browser's first language decides, as navigator.languages[0] does in the app.
  return pick(preferred[0]?.tag) ?? 'en';
}

export type PagesService = ReturnType<typeof createPagesService>;

/** The guest's default explore filters (the web app's explore page: trending, 7 days, no NSFW). */
export const GUEST_EXPLORE = { sort: LANDING_GALLERY.sort, timeRange: LANDING_GALLERY.timeRange, includeNSFW: false } as const satisfies GuestExploreFilters;

/**
 * An item's page as a guest is answered it (item-get without a session; null when the lookup failed),
 * and its HTTP status: 404 for no such item, 410 for an item removed by moderation, 451 for one taken
 * down by a DMCA notice; 200 otherwise (a private profile's item says so on its page), and when the
 * lookup failed for another reason. One lookup serves the page's head and its status.
 */
export async function guestItemPage(itemPages: ItemPagesService, itemId: string): Promise<{ data: ItemGet | null; status: PageStatus }> {
  try {
    const data = await itemPages.get(itemId, null);
    if (data.access !== 'removed') return { data, status: 200 };
    return { data, status: data.item.hiddenSource === 'dmca' ? 451 : 410 };
  } catch (err) {
    return { data: null, status: err instanceof AppError && err.status === 404 ? 404 : 200 };
  }
}
