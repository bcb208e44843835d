import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { creditKeys } from '@/lib/query-keys';

/** `get-credit-balance`: the user's credits (generation costs GENERATION_COST). */
export const GET_CREDIT_BALANCE = 'get-credit-balance';

export function getCreditBalance(): Promise<{ balance: number }> {
  return callFunction<{ balance: number }>(GET_CREDIT_BALANCE, undefined, { method: 'GET' });
}

export const creditBalanceQuery = { queryKey: creditKeys.balance(), queryFn: getCreditBalance, staleTime: 0 } as const;

export function useCreditBalance({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...creditBalanceQuery, enabled });
}
