import { isApiError } from './api-client';

/** The message keys (authMfa.errors.*) of better-auth's code, password and phone errors. */
const BY_CODE: Record<string, string> = {
  INVALID_CODE: 'invalidCode',
  TOTP_CODE_USED: 'codeUsed',
  INVALID_BACKUP_CODE: 'invalidRecoveryCode',
  INVALID_OTP: 'invalidCode',
  OTP_HAS_EXPIRED: 'codeExpired',
  OTP_EXPIRED: 'codeExpired',
  OTP_NOT_FOUND: 'codeExpired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'challengeSpent',
  TOO_MANY_ATTEMPTS: 'tooManyPhone',
  ACCOUNT_TEMPORARILY_LOCKED: 'locked',
  INVALID_TWO_FACTOR_COOKIE: 'challengeExpired',
  NO_VERIFIED_PHONE: 'noPhone',
  SMS_UNAVAILABLE: 'smsUnavailable',
  INVALID_PASSWORD: 'invalidPassword',
  INVALID_PHONE_NUMBER: 'invalidPhone',
  PHONE_NUMBER_EXIST: 'phoneTaken',
  TOTP_ALREADY_ENABLED: 'alreadyEnabled',
};

/** An error of the two-step sign-in or the factor settings → an i18n key (in the authMfa namespace). */
export function mfaErrorKey(error: unknown): string {
  if (isApiError(error)) {
    const byCode = BY_CODE[error.code];
    if (byCode) return `authMfa.errors.${byCode}`;
    if (error.status === 429) return 'authMfa.errors.rateLimited';
    if (error.status === 0) return 'authMfa.errors.network';
  }
  return 'authMfa.errors.generic';
}
