import type { FunctionOutput } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { discoveryKeys, exploreKeys } from '@/lib/query-keys';

export type SuggestedPeople = FunctionOutput<'people-suggest'>;
export type TagPage = FunctionOutput<'tag-get'>;

/** People the viewer might follow (the empty feed's suggestions). */
export function usePeopleSuggestions(enabled = true) {
  return useQuery({
    queryKey: discoveryKeys.suggest(),
    queryFn: ({ signal }) => callFunction('people-suggest', { limit: 8 }, { method: 'GET', signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** Follows a suggested person (the state wanted is sent), then reads the feed again: their items are in it now. */
export function useFollowSuggested() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, following }: { userId: string; following: boolean }) => callFunction('social-follow-toggle', { targetUserId: userId, following }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: exploreKeys.following() }),
  });
}

/** A tag page's header: the count, related tags, and the viewer's follow and mute. */
export function useTagPage(tag: string) {
  return useQuery({
    queryKey: discoveryKeys.tag(tag),
    queryFn: ({ signal }) => callFunction('tag-get', { tag }, { method: 'GET', signal }),
    staleTime: 60_000,
  });
}

/** Follow or unfollow a tag (the state wanted is sent); the tag page and the feed follow the answer. */
export function useToggleTagFollow(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (following: boolean) => callFunction('tags-follow-toggle', { tag, following }),
    onSuccess: ({ following }) => {
      queryClient.setQueryData<TagPage>(discoveryKeys.tag(tag), (data) => (data ? { ...data, following } : data));
      void queryClient.invalidateQueries({ queryKey: exploreKeys.following() });
    },
  });
}

/** Mute or unmute a tag from its page; what shows it (explore, the feed, the page itself) is read again. */
export function useToggleTagMute(tag: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => callFunction('mutes-toggle', { tag, muted }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
    },
  });
}
