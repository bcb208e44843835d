import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

export type SecondStepInput =
  | { kind: 'totp'; code: string; trustDevice: boolean }
  | { kind: 'otp'; code: string; trustDevice: boolean }
  | { kind: 'recovery'; code: string; trustDevice: boolean };

/** Checks the second step of a sign-in (app code, SMS code or recovery code); on success the session exists. */
export function useVerifySecondStep() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async ({ kind, code, trustDevice }: SecondStepInput) => {
      const client = await loadAuthClient();
      const { error } =
        kind === 'totp'
          ? await client.twoFactor.verifyTotp({ code, trustDevice })
          : kind === 'otp'
            ? await client.twoFactor.verifyOtp({ code, trustDevice })
            : await client.twoFactor.verifyBackupCode({ code, trustDevice });
      if (error) throw toAuthError(error);
      await refreshSession();
    },
  });
}

/** Sends a code by text message to the account's verified phone (the second step's SMS option). */
export function useSendSecondStepSms() {
  return useMutation({
    mutationFn: async () => {
      const client = await loadAuthClient();
      const { error } = await client.twoFactor.sendOtp();
      if (error) throw toAuthError(error);
    },
  });
}
