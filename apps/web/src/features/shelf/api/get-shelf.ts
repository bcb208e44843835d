import type { ShelfGetResult } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { shelfKeys } from '@/lib/query-keys';

/** `shelf-get`: the own shelf's layout, items and arrangements (404 not_found without a shelf). */
export function getShelf(): Promise<ShelfGetResult> {
  return callFunction('shelf-get', undefined, { method: 'GET' });
}

export function useShelf({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: shelfKeys.mine(), queryFn: getShelf, enabled });
}
