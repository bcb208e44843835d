import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

/** `user-block-toggle` from the block list: the user is blocked, so the toggle unblocks them. */
export function unblockUser(targetUserId: string) {
  return callFunction('user-block-toggle', { targetUserId });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.mine() }),
  });
}
