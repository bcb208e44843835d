import type { FunctionOutput, Style } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { creditKeys } from '@/lib/query-keys';

/**
 * `items-generate`: five variants in a style, and the photos that used the simple cut (402
 * insufficient_credits, 403 maintenance, 502 generation_failed, 503 photos_preparing). The words drawn
 * on the images (placards) are in the language the app is shown in.
 */
export function generateVariants(input: { itemId: string; style: Style }): Promise<FunctionOutput<'items-generate'>> {
  return callFunction('items-generate', { ...input, lang: currentLanguage() });
}

export function useGenerateVariants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateVariants,
    // Spent on success, refunded on failure: either way the balance is worth reading again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.balance() }),
  });
}
