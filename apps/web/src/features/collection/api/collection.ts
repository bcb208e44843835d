import type { CollectionItem, ItemsLedgerUpdateInput, Ledger } from '@curio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@curio/contract';
import { callFunction } from '@/lib/api-client';
import { collectionKeys } from '@/lib/query-keys';

export type { CollectionItem, Ledger };

/** `collection-list`: every item of the signed-in collector with its facts and private ledger (theirs alone). */
export function useCollection({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: collectionKeys.list(),
    queryFn: ({ signal }) => callFunction('collection-list', undefined, { method: 'GET', signal }),
    enabled,
  });
}

/** `items-ledger-update` (owner): the changed ledger goes into the collection kept in the cache. */
export function useUpdateLedger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemsLedgerUpdateInput) => callFunction('items-ledger-update', input),
    onSuccess: ({ itemId, ledger }) => {
      queryClient.setQueryData(collectionKeys.list(), (data: { items: CollectionItem[] } | undefined) =>
        data ? { items: data.items.map((item) => (item.id === itemId ? { ...item, ledger } : item)) } : data,
      );
    },
  });
}

/** Where the browser downloads the inventory CSV (a GET with the session's cookie; answered as an attachment). */
export const INVENTORY_EXPORT_URL = `${API_PATHS.functions}/inventory-export`;

export const previewImport = (csv: string) => callFunction('inventory-import-preview', { csv });
export const startImport = (csv: string) => callFunction('inventory-import', { csv });

/** `inventory-import-status`, asked every second until the job is done or failed. */
export function useImportStatus(jobId: string | null) {
  return useQuery({
    queryKey: collectionKeys.importStatus(jobId ?? ''),
    queryFn: ({ signal }) => callFunction('inventory-import-status', { jobId: jobId! }, { method: 'GET', signal }),
    enabled: !!jobId,
    refetchInterval: (query) => (query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : 1000),
  });
}
