import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `photos-delete`: removes a photo from its item. */
export function deletePhoto(input: { imageId: string }): Promise<unknown> {
  return callFunction('photos-delete', input);
}

export function useDeletePhoto() {
  return useMutation({ mutationFn: deletePhoto });
}
