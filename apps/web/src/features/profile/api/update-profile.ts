import type { FunctionInput, UploadResult } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callFunction, isErrorEnvelope, notifyUnauthorized } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

/** `profile-update`: display name, bio, avatar (only the fields sent change). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'profile-update'>) => callFunction('profile-update', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** `profile-handle-change`: the new handle (the onboarding rules; 409 `handle_taken`). */
export function useChangeHandle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => callFunction('profile-handle-change', { handle }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/**
 * Uploads an avatar through the signed upload (`uploads-sign` kind `avatar`, then the file as form
 * data to the single-use URL). Resolves with the new image id.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const signed = await callFunction('uploads-sign', {
    kind: 'avatar',
    fileName: file.name.slice(0, 200) || 'avatar',
    contentType: file.type || 'application/octet-stream',
  });
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(signed.uploadURL, { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network_error', 'Network error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof (body as UploadResult).imageId === 'string') return (body as UploadResult).imageId;
  const error = isErrorEnvelope(body)
    ? new ApiError(response.status, body.error.code, body.error.message, body.error.fields)
    : new ApiError(response.status, response.status === 413 ? 'payload_too_large' : 'internal_error', response.statusText || 'Upload failed');
  if (error.status === 401) notifyUnauthorized(error);
  throw error;
}
