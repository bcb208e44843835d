import type { Style, Variant } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { creditKeys } from '@/lib/query-keys';


/** `items-generate`: five variants in a style (402 insufficient_credits, 403 maintenance, 502 generation_failed). */
export function generateVariants(input: { itemId: string; style: Style }): Promise<{ variants: Variant[] }> {
  return callFunction('items-generate', input);
}

export function useGenerateVariants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVariants,
    // Spent on success, refunded on failure: either way the balance is worth reading again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.balance() }),
  });
}
