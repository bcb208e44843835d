import type { AdminOAuthClientCreateInput } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export const adminOAuthKeys = { clients: () => ['admin-oauth-clients'] as const };

export function useAdminOAuthClients() {
  return useQuery({ queryKey: adminOAuthKeys.clients(), queryFn: () => callFunction('admin-oauth-clients-list', undefined, { method: 'GET' }) });
}

export function useCreateOAuthClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminOAuthClientCreateInput) => callFunction('admin-oauth-client-create', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminOAuthKeys.clients() }),
  });
}

export function useRegenerateOAuthSecret() {
  return useMutation({ mutationFn: (clientId: string) => callFunction('admin-oauth-client-regenerate-secret', { clientId }) });
}

export function useDeleteOAuthClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callFunction('admin-oauth-client-delete', { clientId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminOAuthKeys.clients() }),
  });
}
