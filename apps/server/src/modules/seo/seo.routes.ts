import { Hono } from 'hono';
import { envelope } from '../../lib/errors';
import { html, htmlText } from '../../lib/html';
import type { SeoService, SitemapEntry, SitemapKind } from './seo.service';

/** Pages a crawler has no business with: signed-in areas and the server's own paths. */
const DISALLOWED = [
  '/me/',
  '/settings/',
  '/onboarding',
  '/signed-in',
  '/reset-password',
  '/email-verified',
  '/auth/',
  '/functions/',
  '/realtime/',
  '/storage/',
  '/dev/',
];
/** Pages of the site that are not items or profiles. */
const SITE_PAGES = ['/', '/explore', '/terms', '/privacy'];
const CACHE = 'public, max-age=300';

const urlset = (base: string, entries: SitemapEntry[]) =>
  htmlText`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => html`<url><loc>${base + e.path}</loc>${e.lastmod ? html`<lastmod>${e.lastmod}</lastmod>` : null}</url>\n`)}</urlset>
`;

/** GET /robots.txt, /sitemap.xml (an index) and its files /sitemaps/{pages|items-N|profiles-N}.xml. */
export function seoRouter(seo: SeoService, opts: { publicUrl: string }) {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const router = new Hono();
  const xml = (body: string) => new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': CACHE } });

  router.get('/robots.txt', (c) => {
    c.header('Cache-Control', CACHE);
    return c.text(['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n'));
  });

  router.get('/sitemap.xml', async () => {
    const pages = await seo.pages();
    const files = ['/sitemaps/pages.xml'];
    for (const kind of ['items', 'profiles'] as const) for (let n = 1; n <= pages[kind]; n++) files.push(`/sitemaps/${kind}-${n}.xml`);
    return xml(htmlText`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${files.map((f) => html`<sitemap><loc>${base + f}</loc></sitemap>\n`)}</sitemapindex>
`);
  });

  router.get('/sitemaps/:file', async (c) => {
    const missing = () => c.json(envelope('not_found', `No sitemap file ${c.req.path}`), 404);
    const file = c.req.param('file');
    if (file === 'pages.xml')
      return xml(
        urlset(
          base,
          SITE_PAGES.map((path) => ({ path })),
        ),
      );
    const m = /^(items|profiles)-([1-9][0-9]{0,5})\.xml$/.exec(file);
    if (!m) return missing();
    const kind = m[1] as SitemapKind;
    const page = Number(m[2]);
    const pages = await seo.pages();
    if (page > pages[kind]) return missing();
    return xml(urlset(base, await seo.entries(kind, page)));
  });
  return router;
}
