import { Hono } from 'hono';
import type { ItemPagesService } from '../items/item-pages.service';
import { html, htmlText } from '../../lib/html';
import { guestItemPage } from '../pages/pages.service';
import type { PageStatus } from '../pages/pages.service';

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
