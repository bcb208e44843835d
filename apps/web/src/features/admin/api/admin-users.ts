import type { AdminUser, FunctionInput } from '@curio/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export const adminUsersKeys = {
  all: ['admin-users'] as const,
  list: (q: string) => [...adminUsersKeys.all, 'list', q] as const,
  functionStats: () => ['admin-function-stats'] as const,
  credits: (userId: string) => [...adminUsersKeys.all, 'credits', userId] as const,
};

/** The user list for a search, page by page (newest accounts first). */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminUsersKeys.list(q),
    queryFn: ({ pageParam }) => callFunction('admin-users-list', { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, { method: 'GET' }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Puts an updated user into every cached page that holds it. */
function useReplaceUser() {
  const queryClient = useQueryClient();
  return (user: AdminUser) => {
    queryClient.setQueriesData<{ pages: { users: AdminUser[]; nextCursor: string | null }[]; pageParams: string[] }>(
      { queryKey: [...adminUsersKeys.all, 'list'] },
      (data) => (data ? { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.id === user.id ? user : u)) })) } : data),
    );
  };
}

export function useUpdateAdminUser() {
  const replace = useReplaceUser();
  return useMutation({
    mutationFn: (input: FunctionInput<'admin-user-update'>) => callFunction('admin-user-update', input),
    onSuccess: (data) => replace(data.user),
  });
}

export function useGrantCredits() {
  const replace = useReplaceUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'admin-credits-grant'>) => callFunction('admin-credits-grant', input),
    onSuccess: (data) => {
      replace(data.user);
      void queryClient.invalidateQueries({ queryKey: adminUsersKeys.credits(data.user.id) });
    },
  });
}

/** A collector's credits history (`admin-credits-history`), newest first, page by page. */
export function useCreditHistory(userId: string) {
  return useInfiniteQuery({
    queryKey: adminUsersKeys.credits(userId),
    queryFn: ({ pageParam }) => callFunction('admin-credits-history', { userId, ...(pageParam ? { cursor: pageParam } : {}) }, { method: 'GET' }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Per-function statistics of every process, refreshed every 15 s while the page is open. */
export function useFunctionStats() {
  return useQuery({
    queryKey: adminUsersKeys.functionStats(),
    queryFn: () => callFunction('admin-function-stats', undefined, { method: 'GET' }),
    refetchInterval: 15_000,
  });
}
