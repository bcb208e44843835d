import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { loadAuthClient, toAuthError, useAuth } from '@/lib/auth';

export const mfaKeys = { all: ['account', 'mfa'] as const };

/** `account-mfa-get`: what second factors the person has (app, phone), and whether SMS is available. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKeys.all, queryFn: ({ signal }) => callFunction('account-mfa-get', undefined, { method: 'GET', signal }) });
}

function useMfaMutation<I, O>(fn: (input: I) => Promise<O>, { refreshSession = false } = {}) {
  const queryClient = useQueryClient();
  const auth = useAuth();
  return useMutation({
    mutationFn: fn,
    onSettled: async (_data, error) => {
      // Turning a factor on or off replaces the session (better-auth re-issues it with the new user).
      if (refreshSession && !error) await auth.refreshSession();
      await queryClient.invalidateQueries({ queryKey: mfaKeys.all });
    },
  });
}

/** The raw TOTP secret in base32 as authenticator apps take it, from better-auth's otpauth:// URI. */
export const secretFromUri = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';

/** Starts enrolment (password confirmed): the otpauth:// URI for the QR code and the ten recovery codes. */
export function useStartTotp() {
  return useMfaMutation(async ({ password }: { password: string }) => {
    const client = await loadAuthClient();
    const { data, error } = await client.twoFactor.enable({ password });
    if (error) throw toAuthError(error);
    const result = data as { totpURI?: string; backupCodes?: string[] };
    return { totpURI: result.totpURI ?? '', backupCodes: result.backupCodes ?? [] };
  });
}

/** Finishes enrolment with a first code from the app, then names the factor. */
export function useConfirmTotp() {
  return useMfaMutation(
    async ({ code, name }: { code: string; name: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.twoFactor.verifyTotp({ code });
      if (error) throw toAuthError(error);
      await callFunction('account-mfa-rename', { name });
    },
    { refreshSession: true },
  );
}

export function useRenameFactor() {
  return useMfaMutation(({ name }: { name: string }) => callFunction('account-mfa-rename', { name }));
}

/** Turns the second step off (password confirmed): the app's secret and the recovery codes are deleted. */
export function useDisableTwoFactor() {
  return useMfaMutation(
    async ({ password }: { password: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.twoFactor.disable({ password });
      if (error) throw toAuthError(error);
    },
    { refreshSession: true },
  );
}

/** Ten new recovery codes (password confirmed); the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  return useMfaMutation(async ({ password }: { password: string }) => {
    const client = await loadAuthClient();
    const { data, error } = await client.twoFactor.generateBackupCodes({ password });
    if (error) throw toAuthError(error);
    return (data as { backupCodes: string[] }).backupCodes;
  });
}

/** Sends a code by SMS to a number the person is adding. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: async ({ phoneNumber }: { phoneNumber: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.phoneNumber.sendOtp({ phoneNumber });
      if (error) throw toAuthError(error);
    },
  });
}

/** Proves the number with the code; it becomes the account's phone for second-step codes. */
export function useVerifyPhone() {
  return useMfaMutation(async ({ phoneNumber, code }: { phoneNumber: string; code: string }) => {
    const client = await loadAuthClient();
    const { error } = await client.phoneNumber.verify({ phoneNumber, code, updatePhoneNumber: true });
    if (error) throw toAuthError(error);
  });
}

/** Turns the second step on with text messages only (no authenticator app). */
export function useEnableSmsSecondStep() {
  return useMfaMutation(
    async ({ password }: { password: string }) => {
      const client = await loadAuthClient();
      const { error } = await client.twoFactor.enable({ password, method: 'otp' });
      if (error) throw toAuthError(error);
    },
    { refreshSession: true },
  );
}
