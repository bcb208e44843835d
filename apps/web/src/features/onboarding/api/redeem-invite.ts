import type { InviteRedeemResult } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callFunction, isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';
import { profileKeys } from '@/lib/query-keys';
import { CONTRACT_KEYS, fieldErrorKey } from '@/lib/form';

export async function redeemInvite({ code }: { code: string }): Promise<InviteRedeemResult> {
  const result: InviteRedeemResult & { error?: unknown } = await callFunction('invite-redeem', { code });
  // The spec: an error, or an error field in the reply, means the code is invalid.
  if (!result || result.error || result.redeemed !== true) throw new ApiError(400, 'invite_invalid', 'Invalid invite code');
  return result;
}

const INVITE_ERROR_KEYS: Record<string, string> = {
  invite_invalid: 'onboarding.codeInvalid',
  invite_already_redeemed: 'onboarding.codeAlreadyRedeemed',
  invite_fully_used: 'onboarding.codeFullyUsed',
};

/** The texts of the invite code's field codes (the contract's rule). */
export const INVITE_FORM_KEYS = { code: CONTRACT_KEYS.inviteCode };

/** The message (an i18n key) for a failed redemption. */
export function inviteErrorKey(error: unknown): string {
  if (isApiError(error)) {
    const key = INVITE_ERROR_KEYS[error.code];
    if (key) return key;
    if (error.code === 'validation_failed' && error.fields?.code) return fieldErrorKey('code', error.fields.code, INVITE_FORM_KEYS);
  }
  return errorMessageKey(error);
}

export function useRedeemInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
  });
}
