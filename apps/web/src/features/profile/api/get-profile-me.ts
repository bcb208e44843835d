import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

export function getProfileMe() {
  return callFunction('profile-me', undefined, { method: 'GET' });
}

/** The signed-in user's profile, roles, shelf id, credits and invite state. Only enabled with a session. */
export function useProfileMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: profileKeys.me(), queryFn: getProfileMe, enabled });
}
