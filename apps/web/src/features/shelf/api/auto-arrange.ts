import type { Arrangement } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `shelf-auto-arrange`: a proposal (grouped by first tag, newest first); it stores nothing. */
export const SHELF_AUTO_ARRANGE = 'shelf-auto-arrange';

export function autoArrange(shelfId: string): Promise<{ arrangements: Arrangement[] }> {
  return callFunction<{ arrangements: Arrangement[] }>(SHELF_AUTO_ARRANGE, { shelfId });
}

export function useAutoArrange() {
  return useMutation({ mutationFn: autoArrange });
}
