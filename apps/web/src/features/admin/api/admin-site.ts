import type { AdminFeedbackListInput, AdminInvitesListInput, AdminSettingsUpdate, FunctionInput } from '@curio/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { siteKeys } from '@/lib/query-keys';

export const adminSiteKeys = {
  all: ['admin-site'] as const,
  settings: () => [...adminSiteKeys.all, 'settings'] as const,
  invites: (input: AdminInvitesListInput) => [...adminSiteKeys.all, 'invites', input] as const,
  feedback: (input: AdminFeedbackListInput) => [...adminSiteKeys.all, 'feedback', input] as const,
};

export function useAdminSettings() {
  return useQuery({ queryKey: adminSiteKeys.settings(), queryFn: () => callFunction('admin-settings-get', undefined, { method: 'GET' }) });
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSettingsUpdate) => callFunction('admin-settings-update', input),
    onSuccess: (data) => {
      queryClient.setQueryData(adminSiteKeys.settings(), data);
      // The banner, the overlay and the wizard of this tab follow at once; other tabs on their next read.
      void queryClient.invalidateQueries({ queryKey: siteKeys.settings() });
    },
  });
}

export function useAdminInvites(input: AdminInvitesListInput) {
  return useQuery({
    queryKey: adminSiteKeys.invites(input),
    queryFn: () => callFunction('admin-invites-list', input, { method: 'GET' }),
    placeholderData: keepPreviousData,
  });
}

/** Every code of a status, page by page (for the CSV export). */
export async function fetchAllInvites(status: AdminInvitesListInput['status']) {
  const out = [];
  for (let page = 0; page < 1000; page++) {
    const r = await callFunction('admin-invites-list', { status, page, pageSize: 100 }, { method: 'GET' });
    out.push(...r.codes);
    if (out.length >= r.total || r.codes.length === 0) break;
  }
  return out;
}

export function useCreateInvites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunctionInput<'admin-invites-create'>) => callFunction('admin-invites-create', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...adminSiteKeys.all, 'invites'] }),
  });
}

export function useDisableInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callFunction('admin-invite-disable', { id }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...adminSiteKeys.all, 'invites'] }),
  });
}

export function useAdminFeedback(input: AdminFeedbackListInput) {
  return useQuery({
    queryKey: adminSiteKeys.feedback(input),
    queryFn: () => callFunction('admin-feedback-list', input, { method: 'GET' }),
    placeholderData: keepPreviousData,
  });
}
