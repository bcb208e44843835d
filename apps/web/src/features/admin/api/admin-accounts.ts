import type { FunctionInput } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { adminUsersKeys } from './admin-users';

export const adminAccountKeys = {
  detail: (userId: string) => [...adminUsersKeys.all, 'detail', userId] as const,
};

/** One account in detail: sign-in methods, factors, sessions and the admin actions on it. */
export function useAdminUserDetail(userId: string) {
  return useQuery({
    queryKey: adminAccountKeys.detail(userId),
    queryFn: () => callFunction('admin-user-get', { userId }, { method: 'GET' }),
  });
}

export function useRemoveFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factorId: string) => callFunction('admin-user-factor-remove', { userId, factorId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.detail(userId) }),
  });
}

export function useSignInLink(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('admin-user-sign-in-link', { userId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.detail(userId) }),
  });
}

/** Deletes the account; the user list forgets it. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'admin-user-delete'>) => callFunction('admin-user-delete', input),
    onSuccess: (_data, input) => {
      queryClient.removeQueries({ queryKey: adminAccountKeys.detail(input.userId) });
      void queryClient.invalidateQueries({ queryKey: [...adminUsersKeys.all, 'list'] });
    },
  });
}
