import { Hono } from 'hono';
import type { ItemPagesService } from '../items/item-pages.service';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /s/item/{id}: a small page for link previews (OpenGraph and Twitter card tags) that sends a
 * browser on to /i/{id}. A hidden or private item (and an NSFW one) shares no title or image.
 */
export function shareRouter(pages: ItemPagesService, opts: { publicUrl: string; appName: string }) {
  const router = new Hono();
  router.get('/item/:id', async (c) => {
    const id = c.req.param('id');
    const target = `/i/${encodeURIComponent(id)}`;
    let title = opts.appName;
    let description = `A piece on display at ${opts.appName}`;
    let image: string | null = null;
    if (/^[0-9a-f-]{36}$/i.test(id)) {
      const data = await pages.get(id, null).catch(() => null);
      if (data?.access === 'visible' && data.item) {
        title = `${data.item.title} · ${opts.appName}`;
        description = `${data.item.title}, on @${data.owner.handle}'s shelf at ${opts.appName}`;
        if (data.item.imageId && !data.item.nsfw) image = `${opts.publicUrl}/img/${data.item.imageId}/public`;
      }
    }
    const url = `${opts.publicUrl}${target}`;
    const tags = [
      `<meta property="og:site_name" content="${escape(opts.appName)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:title" content="${escape(title)}">`,
      `<meta property="og:description" content="${escape(description)}">`,
      `<meta property="og:url" content="${escape(url)}">`,
      image ? `<meta property="og:image" content="${escape(image)}">` : '',
      `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${escape(title)}">`,
      `<meta name="twitter:description" content="${escape(description)}">`,
      image ? `<meta name="twitter:image" content="${escape(image)}">` : '',
    ].filter(Boolean);
    c.header('Cache-Control', 'public, max-age=300');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
${tags.join('\n')}
<link rel="canonical" href="${escape(url)}">
<meta http-equiv="refresh" content="0; url=${escape(target)}">
</head><body><p><a href="${escape(target)}">${escape(title)}</a></p></body></html>`);
  });
  return router;
}
