import type { FunctionOutput } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

type ProfileData = FunctionOutput<'profile-get'>;

/** `social-follow-toggle` with the state wanted, so that a double tap never undoes the first. */
export function toggleFollow(targetUserId: string, following: boolean) {
  return callFunction('social-follow-toggle', { targetUserId, following });
}

/** Follow or unfollow the person shown at `handle`; the answer's state and counts go straight into the page. */
export function useToggleFollow(handle: string) {
  const queryClient = useQueryClient();
  const key = profileKeys.byHandle(handle.toLowerCase());
  return useMutation({
    mutationFn: ({ targetUserId, following }: { targetUserId: string; following: boolean }) => toggleFollow(targetUserId, following),
    onSuccess: (result) => {
      queryClient.setQueryData<ProfileData>(key, (data) =>
        data && data.access === 'visible'
          ? {
              ...data,
              profile: { ...data.profile, followersCount: result.followersCount, followingCount: result.followingCount },
              viewer: { ...data.viewer, following: result.following },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'follows', handle.toLowerCase()] });
    },
  });
}
