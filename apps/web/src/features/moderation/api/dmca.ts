import type { DmcaStatus, FunctionInput, FunctionOutput } from '@curio/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { moderationKeys } from './moderation';

/** Query keys of the DMCA tab, under the dashboard's `all` (an action reloads every tab). */
export const dmcaKeys = {
  list: (status: DmcaStatus | 'all') => [...moderationKeys.all, 'dmca', 'list', status] as const,
  notice: (id: string) => [...moderationKeys.all, 'dmca', 'notice', id] as const,
};

/** `mod-dmca-list`: pages of notices of one status (or all), newest first, with counts per status. */
export function useModDmcaList(status: DmcaStatus | 'all') {
  return useInfiniteQuery({
    queryKey: dmcaKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      callFunction('mod-dmca-list', { ...(status === 'all' ? {} : { status }), ...(pageParam ? { cursor: pageParam } : {}) }, { method: 'GET', signal }),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `mod-dmca-get`: the notice, its item in context and earlier actions. */
export function useModDmca(id: string | null) {
  return useQuery({
    queryKey: dmcaKeys.notice(id ?? ''),
    queryFn: ({ signal }) => callFunction('mod-dmca-get', { id: id! }, { method: 'GET', signal }),
    enabled: !!id,
    retry: false,
  });
}

/** `mod-dmca-act`: hide, need info, dismiss or resolve with a note; every moderation view reloads. */
export function useModDmcaAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'mod-dmca-act'>) => callFunction('mod-dmca-act', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

export type ModDmca = FunctionOutput<'mod-dmca-get'>;
