import type { FunctionInput } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `dmca-submit`: files the notice; answers the reference to quote. */
export function useSubmitDmca() {
  return useMutation({ mutationFn: (input: FunctionInput<'dmca-submit'>) => callFunction('dmca-submit', input) });
}
