import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { createReadService } from '../read/read.service';
import { EVERYONE, listable, profileVisible } from '../read/visibility';
import { seoRepository } from './seo.repository';

export interface SitemapEntry {
  /** Path on the site, e.g. `/i/{id}`. */
  path: string;
  lastmod?: string;
}

export type SitemapKind = 'items' | 'profiles';

/** At most this many addresses per sitemap file (the protocol allows 50,000). */
export const SITEMAP_PAGE_SIZE = 10_000;

/**
 * What search engines may list: public items and profiles, exactly what a guest may see (the read
 * pipeline's hydrate + visibility rules; NSFW items and drafts are left out). Answers are kept
 * briefly in memory, so crawlers cost one query per file per `cacheSeconds`.
 */
export function createSeoService(db: Db, opts: { pageSize?: number; cacheSeconds?: number } = {}) {
  const repo = seoRepository(db);
  const read = createReadService(db);
  const pageSize = opts.pageSize ?? SITEMAP_PAGE_SIZE;
  const ttl = (opts.cacheSeconds ?? 300) * 1000;
  // At most 512 files (a crawler asking for pages past the end cannot grow it), each for `ttl` (0: none kept).
  const cache = ttl > 0 ? new LRUCache<string, Promise<unknown>>({ max: 512, ttl }) : null;

  function remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache?.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    cache?.set(key, value);
    value.catch(() => cache?.delete(key));
    return value;
  }

  async function items(page: number): Promise<SitemapEntry[]> {
    const rows = await repo.itemPage(page * pageSize, pageSize);
    const lastmod = new Map(rows.map((r) => [r.id, r.updatedAt]));
    const hydrated = await read.hydrate(rows.map((r) => r.id));
    return hydrated
      .filter((item) => listable(item, EVERYONE, { excludeNsfw: true, requireImage: true }))
      .map((item) => ({ path: `/i/${item.id}`, lastmod: lastmod.get(item.id) }));
  }

  async function profiles(page: number): Promise<SitemapEntry[]> {
    const rows = await repo.profilePage(page * pageSize, pageSize);
    return rows.filter((p) => profileVisible(p, EVERYONE.id)).map((p) => ({ path: `/u/${p.handle}`, lastmod: p.updatedAt }));
  }

  return {
    pageSize,
    /** How many files of each kind the sitemap index lists (at least one, possibly empty). */
    pages(): Promise<Record<SitemapKind, number>> {
      return remembered('pages', async () => {
        const [itemCount, profileCount] = await Promise.all([repo.countItems(), repo.countProfiles()]);
        return { items: Math.max(1, Math.ceil(itemCount / pageSize)), profiles: Math.max(1, Math.ceil(profileCount / pageSize)) };
      });
    },
    /** One file of the sitemap; page numbers start at 1. */
    entries(kind: SitemapKind, page: number): Promise<SitemapEntry[]> {
      return remembered(`${kind}:${page}`, () => (kind === 'items' ? items(page - 1) : profiles(page - 1)));
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
