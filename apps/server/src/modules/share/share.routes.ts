import { Hono } from 'hono';
import type { ItemPagesService } from '../items/item-pages.service';
import { envelope } from '../../lib/errors';
import { html, htmlText } from '../../lib/html';
import { guestItemPage } from '../pages/pages.service';
import type { PageStatus } from '../pages/pages.service';
import { SHELF_CARD, SHELF_CARD_VERSION } from './shelf-card';
import type { ShelfCardsService } from './shelf-card.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /s/item/{id}: a small page for link previews (OpenGraph and Twitter card tags) that sends a
 * browser on to /i/{id}. A hidden or private item (and an NSFW one) shares no title or image. The image is named
 * with its alt text (`og:image:alt`) and, for a reader whose browser stays on the page, shown labelled as styled
 * by AI (the picture is generated from the collector's photos). The
 * page is answered with the item page's status: 404 for no such item, 410 and 451 for a removed one.
 */
export function shareRouter(pages: ItemPagesService, opts: { publicUrl: string; appName: string }) {
  const router = new Hono();
  router.get('/item/:id', async (c) => {
    const id = c.req.param('id');
    const target = `/i/${encodeURIComponent(id)}`;
    let title = opts.appName;
    let description = `A piece on display at ${opts.appName}`;
    let image: string | null = null;
    let imageAlt = '';
    let status: PageStatus = 404;
    if (UUID.test(id)) {
      const page = await guestItemPage(pages, id);
      status = page.status;
      const data = page.data;
      if (data?.access === 'visible' && data.item) {
        title = `${data.item.title} · ${opts.appName}`;
        description = `${data.item.title}, on @${data.owner.handle}'s shelf at ${opts.appName}`;
        if (data.item.imageId && !data.item.nsfw) {
          image = `${opts.publicUrl}/img/${data.item.imageId}/public`;
          // The owner's alt text, or the title when they wrote none.
          imageAlt = data.item.altText ?? data.item.title;
        }
      }
    }
    const url = `${opts.publicUrl}${target}`;
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(
      htmlText`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta property="og:site_name" content="${opts.appName}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
${image ? html`<meta property="og:image" content="${image}">\n<meta property="og:image:alt" content="${imageAlt}">` : null}
<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${image ? html`<meta name="twitter:image" content="${image}">\n<meta name="twitter:image:alt" content="${imageAlt}">` : null}
<link rel="canonical" href="${url}">
<meta http-equiv="refresh" content="0; url=${target}">
</head><body>${
        image
          ? html`<figure><img src="${image}" alt="${imageAlt}" width="320"><figcaption title="Styled by AI from the collector's photos">AI-styled</figcaption></figure>`
          : null
      }<p><a href="${target}">${title}</a></p></body></html>`,
      status,
    );
  });
  return router;
}

/** How long a version's picture may be kept: for good (a changed shelf has a new address). */
const CARD_CACHE = 'public, max-age=31536000, immutable';
/** How long the way from an older version to the current one may be kept. */
const MOVED_CACHE = 'public, max-age=300';

/**
 * GET /s/shelf/{handle}/{version}.png: a shelf's link preview (shelf-card.service.ts), the address the
 * profile page's `og:image` names. The current version answers the picture, cached for good; another
 * well-formed version a redirect to the current one (a link pasted before the shelf changed still shows
 * the shelf); a private or hidden profile, an unknown handle, a block between the signed-in viewer and the
 * owner, and a malformed version a 404.
 */
export function shelfCardRouter(cards: ShelfCardsService, opts: { viewer?: (headers: Headers) => Promise<string | null> } = {}) {
  const router = new Hono();
  router.get('/:handle/:file', async (c) => {
    const { handle, file } = c.req.param();
    const version = file.endsWith(`.${SHELF_CARD.ext}`) ? file.slice(0, -SHELF_CARD.ext.length - 1) : '';
    const viewerId = opts.viewer ? await opts.viewer(c.req.raw.headers) : null;
    const answer = SHELF_CARD_VERSION.test(version) ? await cards.card(handle, version, viewerId) : ({ kind: 'none' } as const);
    if (answer.kind === 'none') {
      c.header('Cache-Control', 'no-store');
      return c.json(envelope('not_found', 'No preview of this shelf'), 404);
    }
    if (answer.kind === 'moved') {
      c.header('Cache-Control', MOVED_CACHE);
      return c.redirect(answer.path, 302);
    }
    const etag = `"${version}"`;
    const headers = { 'Cache-Control': CARD_CACHE, ETag: etag };
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((t) => t.trim() === etag)
    )
      return c.body(null, 304, headers);
    return c.body(new Uint8Array(answer.bytes), 200, { ...headers, 'Content-Type': SHELF_CARD.type });
  });
  return router;
}
