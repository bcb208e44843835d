import type { Arrangement } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `shelf-auto-arrange`: a proposal (grouped by first tag, newest first); it stores nothing. */
export function autoArrange(shelfId: string): Promise<{ arrangements: Arrangement[] }> {
  return callFunction('shelf-auto-arrange', { shelfId });
}

export function useAutoArrange() {
  return useMutation({ mutationFn: autoArrange });
}
