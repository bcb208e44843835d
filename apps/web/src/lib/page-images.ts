import { PAGE_IMAGES_META } from '@curio/contract';
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

/** {@link pageImages} of the current address. */
export function usePageImages(): string[] {
  const location = useLocation();
  return pageImages(location.pathname + location.search);
}
