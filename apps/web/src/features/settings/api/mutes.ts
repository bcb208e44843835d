import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { discoveryKeys, exploreKeys } from '@/lib/query-keys';

/** `mutes-list`: the tags and people the user muted, newest first. */
export function useMutesList() {
  return useQuery({
    queryKey: discoveryKeys.mutes(),
    queryFn: ({ signal }) => callFunction('mutes-list', {}, { method: 'GET', signal }),
  });
}

/** `mutes-toggle` with the state wanted (a tag or a person); the lists they showed in are read again. */
export function useSetMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tag: string; muted: boolean } | { userId: string; muted: boolean }) => callFunction('mutes-toggle', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
    },
  });
}
