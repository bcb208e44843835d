import type { OnboardingInput } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { callFunction, isApiError } from '@/lib/api-client';
import { profileKeys, shelfKeys } from '@/lib/query-keys';
import { CONTRACT_KEYS, fieldErrorKey, type FormKeys } from '@/lib/form';

export type OnboardingPayload = OnboardingInput;

export function completeOnboarding(payload: OnboardingPayload) {
  return callFunction('onboarding-complete', payload);
}

/** The spec's handle messages live under onboarding.*; the rest are the shared validation.* keys. */
export const ONBOARDING_FORM_KEYS: FormKeys = {
  handle: { required: 'onboarding.handleInvalid', invalid_format: 'onboarding.handleInvalid', taken: 'onboarding.handleTaken' },
  displayName: CONTRACT_KEYS.displayName,
  bio: CONTRACT_KEYS.bio,
};

export type OnboardingErrors = { fields: Record<string, string>; form: string | null; inviteRequired: boolean };

/** Turns a failed completion into per-field keys and a form-level key. */
export function onboardingErrors(error: unknown): OnboardingErrors {
  if (isApiError(error)) {
    if (error.code === 'handle_taken') return { fields: { handle: 'onboarding.handleTaken' }, form: null, inviteRequired: false };
    if (error.code === 'invite_required') return { fields: {}, form: 'errors.invite_required', inviteRequired: true };
    if (error.code === 'validation_failed' && error.fields && Object.keys(error.fields).length > 0) {
      const fields: Record<string, string> = {};
      for (const [field, code] of Object.entries(error.fields)) fields[field] = fieldErrorKey(field, code, ONBOARDING_FORM_KEYS);
      return { fields, form: null, inviteRequired: false };
    }
  }
  return { fields: {}, form: 'common.error', inviteRequired: false };
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async () => {
      track('onboarding_completed');
      await Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.me() }), queryClient.invalidateQueries({ queryKey: shelfKeys.all })]);
    },
  });
}
