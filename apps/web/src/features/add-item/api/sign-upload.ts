import type { UploadsSignResult } from '@curio/contract';
import { callFunction } from '@/lib/api-client';

/** `uploads-sign`: a single-use upload URL (10 minutes) and the image id it will create. */
export function signUpload({ fileName, contentType }: { fileName: string; contentType: string }, signal?: AbortSignal): Promise<UploadsSignResult> {
  return callFunction('uploads-sign', { kind: 'photo', fileName: fileName.slice(0, 200) || 'photo', contentType }, { signal });
}
