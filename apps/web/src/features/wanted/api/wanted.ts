import type { WantedCreateInput, WantedEntry, WantedListResult, WantedUpdateInput } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callFunction, isErrorEnvelope } from '@/lib/api-client';
import { wantedKeys } from '@/lib/query-keys';

export type { WantedEntry, WantedListResult };

/** `wanted-list`: a person's list by handle as the viewer may see it, or the caller's own (`handle` null). */
export function useWantedList(handle: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: wantedKeys.list(handle),
    queryFn: ({ signal }) => callFunction('wanted-list', handle === null ? {} : { handle }, { method: 'GET', signal }),
    enabled,
  });
}

/** Every cached list goes: the own list and the owner's list by handle are the same list. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: wantedKeys.all });
}

export function useCreateWanted() {
  const refresh = useRefreshLists();
  return useMutation({ mutationFn: (input: WantedCreateInput) => callFunction('wanted-create', input), onSuccess: refresh });
}

export function useUpdateWanted() {
  const refresh = useRefreshLists();
  return useMutation({ mutationFn: (input: WantedUpdateInput) => callFunction('wanted-update', input), onSuccess: refresh });
}

export function useDeleteWanted() {
  const refresh = useRefreshLists();
  return useMutation({ mutationFn: (id: string) => callFunction('wanted-delete', { id }), onSuccess: refresh });
}

/** Uploads a reference photo (`uploads-sign`, then the file to the signed address); answers its image id. */
export async function uploadReferencePhoto(file: File): Promise<string> {
  const { uploadURL, imageId } = await callFunction('uploads-sign', { kind: 'photo', fileName: file.name.slice(0, 200) || 'photo', contentType: file.type });
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(uploadURL, { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw isErrorEnvelope(body)
      ? new ApiError(res.status, body.error.code, body.error.message, body.error.fields)
      : new ApiError(res.status, res.status === 413 ? 'payload_too_large' : 'internal_error', res.statusText || 'Upload failed');
  }
  return imageId;
}
