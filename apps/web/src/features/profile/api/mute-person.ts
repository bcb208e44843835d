import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { discoveryKeys, exploreKeys } from '@/lib/query-keys';

/** The viewer's mutes (tags and people), as the settings list them. */
export function useMutes(enabled = true) {
  return useQuery({
    queryKey: discoveryKeys.mutes(),
    queryFn: ({ signal }) => callFunction('mutes-list', {}, { method: 'GET', signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Mute or unmute a person (the state wanted is sent); the lists they showed in are read again. */
export function useMutePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, muted }: { userId: string; muted: boolean }) => callFunction('mutes-toggle', { userId, muted }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
    },
  });
}
