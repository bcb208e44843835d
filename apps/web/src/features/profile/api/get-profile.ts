import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

/** `profile-get`: a person's profile, the viewer's relation to them and their shelf (read-only). */
export function getProfile(handle: string, signal?: AbortSignal) {
  return callFunction('profile-get', { handle }, { method: 'GET', signal });
}

export function useProfile(handle: string) {
  return useQuery({ queryKey: profileKeys.byHandle(handle.toLowerCase()), queryFn: ({ signal }) => getProfile(handle, signal), retry: false });
}
