import type { CreditBalance } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { creditKeys } from '@/lib/query-keys';

/** `get-credit-balance`: the user's credits (generation costs GENERATION_COST) and when the allowance next refills. */
export function getCreditBalance(): Promise<CreditBalance> {
  return callFunction('get-credit-balance', undefined, { method: 'GET' });
}

export const creditBalanceQuery = { queryKey: creditKeys.balance(), queryFn: getCreditBalance, staleTime: 0 } as const;

export function useCreditBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...creditBalanceQuery, enabled });
}
