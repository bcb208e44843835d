import type { FunctionInput } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export const adminJobsKeys = { all: ['admin-jobs'] as const };

/** Every job queue by state and the latest failed jobs, refreshed every 10 s while the page is open. */
export function useAdminJobs() {
  return useQuery({
    queryKey: adminJobsKeys.all,
    queryFn: () => callFunction('admin-jobs', undefined, { method: 'GET' }),
    refetchInterval: 10_000,
  });
}

/** One more attempt for a failed job, or drop it; the page reads the queues again after either. */
export function useFailedJobAction(action: 'retry' | 'drop') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'admin-job-retry'>) => callFunction(action === 'retry' ? 'admin-job-retry' : 'admin-job-drop', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminJobsKeys.all }),
  });
}
