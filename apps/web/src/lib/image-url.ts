import type { ImageVariant } from '@curio/contract';

/** Where an image variant is served: `public` (≤ 1600 px), `thumb` (≤ 480 px) or `avatar` (256²). */
export function imageUrl(imageId: string, variant: ImageVariant = 'public'): string {
  return `/img/${encodeURIComponent(imageId)}/${variant}`;
}

/**
 * The widths of a composite's variants (composites are 1200 × 1500; `thumb` fits 480 px, so it is
 * 384 wide; `public` fits 1600 px, so it stays 1200), for `srcset` with `w` descriptors.
 */
export const COMPOSITE_WIDTHS = { thumb: 384, public: 1200 } as const;
export const COMPOSITE_SIZE = { width: 1200, height: 1500 } as const;

/** `srcset` of a composite's variants: the browser picks the smallest that fills the slot. */
export function compositeSrcSet(imageId: string): string {
  return `${imageUrl(imageId, 'thumb')} ${COMPOSITE_WIDTHS.thumb}w, ${imageUrl(imageId, 'public')} ${COMPOSITE_WIDTHS.public}w`;
}

/** The same from a served `/img/{id}/{variant}` address (list answers carry addresses, not ids). */
export function compositeSrcSetFromUrl(url: string): string | undefined {
  const id = /^\/img\/([^/]+)\/(?:thumb|public)$/.exec(url)?.[1];
  return id ? compositeSrcSet(decodeURIComponent(id)) : undefined;
}
