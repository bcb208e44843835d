import type { FunctionOutput } from '@curio/contract';
import { callFunction } from '@/lib/api-client';

/** `photos-status`: each photo's preparation for generation (pending, ready, failed). */
export function getPhotosStatus(itemId: string, signal?: AbortSignal): Promise<FunctionOutput<'photos-status'>> {
  return callFunction('photos-status', { itemId }, { method: 'GET', signal });
}
