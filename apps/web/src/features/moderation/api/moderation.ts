import type { FunctionInput, FunctionOutput, ReportStatus, ReportTargetType } from '@curio/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { notificationKeys } from '@/lib/query-keys';

/** Query keys of the moderation dashboard (the DMCA tab shares `all` and `actions`). */
export const moderationKeys = {
  all: ['moderation'] as const,
  reports: (status: ReportStatus | 'all', targetType: ReportTargetType | 'all') => [...moderationKeys.all, 'reports', status, targetType] as const,
  report: (reportId: string) => [...moderationKeys.all, 'report', reportId] as const,
  actions: (targetType: string) => [...moderationKeys.all, 'actions', targetType] as const,
};

/** `mod-reports-list`: pages of reports of one status (or all), newest first, with counts per status. */
export function useModReports(status: ReportStatus | 'all', targetType: ReportTargetType | 'all') {
  return useInfiniteQuery({
    queryKey: moderationKeys.reports(status, targetType),
    queryFn: ({ pageParam, signal }) =>
      callFunction(
        'mod-reports-list',
        {
          ...(status === 'all' ? {} : { status }),
          ...(targetType === 'all' ? {} : { targetType }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { method: 'GET', signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** `mod-report-get`: a report with its content in context, other reports and earlier actions. */
export function useModReport(reportId: string) {
  return useQuery({
    queryKey: moderationKeys.report(reportId),
    queryFn: ({ signal }) => callFunction('mod-report-get', { reportId }, { method: 'GET', signal }),
    retry: false,
  });
}

/** `mod-report-act`: hide, unhide or dismiss with a note; every list and report view reloads. */
export function useModReportAct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'mod-report-act'>) => callFunction('mod-report-act', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

/** `mod-actions-list`: the append-only history, newest first. */
export function useModActions(targetType: string) {
  return useInfiniteQuery({
    queryKey: moderationKeys.actions(targetType),
    queryFn: ({ pageParam, signal }) =>
      callFunction(
        'mod-actions-list',
        {
          ...(targetType === 'all' ? {} : { targetType: targetType as FunctionInput<'mod-actions-list'>['targetType'] }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        { method: 'GET', signal },
      ),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type ModReport = FunctionOutput<'mod-report-get'>;

/** Keeps the bell honest after acting (a moderator may also be a reporter). */
export function useRefreshNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
