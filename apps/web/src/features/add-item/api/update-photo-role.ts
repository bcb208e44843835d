import type { PhotoRole } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `photos-update-role`: front, side, back, box or detail. */
export function updatePhotoRole(input: { imageId: string; role: PhotoRole }): Promise<unknown> {
  return callFunction('photos-update-role', input);
}

export function useUpdatePhotoRole() {
  return useMutation({ mutationFn: updatePhotoRole });
}
