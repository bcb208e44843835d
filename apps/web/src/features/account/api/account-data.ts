import type { AccountDataStatus } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export type { AccountDataStatus };

export const accountDataKeys = { status: ['account', 'data-status'] as const };

/** `account-export-status`: the export's state (none, preparing, ready until …) and whether a password confirms a deletion. */
export function useAccountDataStatus() {
  return useQuery({
    queryKey: accountDataKeys.status,
    queryFn: ({ signal }) => callFunction('account-export-status', undefined, { method: 'GET', signal }),
    // While the archive is being built, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.export.state === 'preparing' ? 4000 : false),
  });
}

/** `account-export-request`: a job builds the archive and mails a link. */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callFunction('account-export-request', {}),
    onSuccess: (state) => queryClient.setQueryData<AccountDataStatus>(accountDataKeys.status, (old) => (old ? { ...old, export: state } : old)),
  });
}

/** `account-delete-code`: mails a one-time code that confirms the deletion. */
export function useSendDeletionCode() {
  return useMutation({ mutationFn: () => callFunction('account-delete-code', {}) });
}

/** `account-delete-request`: schedules the deletion (every session ends at once). */
export function useRequestDeletion() {
  return useMutation({ mutationFn: (input: { password?: string; code?: string; via?: 'passkey' }) => callFunction('account-delete-request', input) });
}
