import type { Photo, PhotoRole } from '@curio/contract';
import { callFunction } from '@/lib/api-client';

/** `photos-add`: records an uploaded image as a photo of the item (409 photo_limit beyond 10). */
export function addPhoto(input: { itemId: string; imageId: string; role: PhotoRole }, signal?: AbortSignal): Promise<{ photo: Photo }> {
  return callFunction('photos-add', input, { signal });
}
