import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `photos-delete`: removes a photo from its item. */
export const PHOTOS_DELETE = 'photos-delete';

export function deletePhoto(input: { imageId: string }): Promise<unknown> {
  return callFunction<unknown>(PHOTOS_DELETE, input);
}

export function useDeletePhoto() {
  return useMutation({ mutationFn: deletePhoto });
}
