import { PAGE_IMAGES_META } from '@curio/contract';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/*
 * The server names the images a guest's pre-rendered page shows first in a `<meta>` (apps/server/src/
 * modules/pages): `content` holds image ids, `data-path` the address (path and query) they belong to.
 * The page's skeleton shows them at once, so that its largest picture paints from the HTML instead of
 * after its scripts and data; the page then renders the same pictures in the same places.
 */

/** The image ids the server named for this address, or none (another address, or nothing named). */
export function pageImages(path: string): string[] {
  if (typeof document === 'undefined') return [];
  const meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${PAGE_IMAGES_META}"]`);
  if (!meta || meta.dataset.path !== path) return [];
  return meta.content.split(' ').filter((id) => /^[\w-]+$/.test(id));
}

/** The images named for a page rendered outside a browser (prerender.tsx), in place of the document's meta. */
const NamedPageImages = createContext<{ path: string; ids: readonly string[] } | null>(null);

export function PageImagesProvider({ path, ids, children }: { path: string; ids: readonly string[]; children: ReactNode }) {
  return createElement(NamedPageImages.Provider, { value: { path, ids } }, children);
}

/** {@link pageImages} of the current address (or the images a render outside the browser was given for it). */
export function usePageImages(): string[] {
  const location = useLocation();
  const named = useContext(NamedPageImages);
  const path = location.pathname + location.search;
  if (named) return named.path === path ? [...named.ids] : [];
  return pageImages(path);
}
