import type { ImageVariant } from '@curio/contract';

/** Where an image variant is served: `public` (≤ 1600 px), `thumb` (≤ 480 px) or `avatar` (256²). */
export function imageUrl(imageId: string, variant: ImageVariant = 'public'): string {
  return `/img/${encodeURIComponent(imageId)}/${variant}`;
}
