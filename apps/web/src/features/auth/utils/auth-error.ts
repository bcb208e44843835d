import { isApiError } from '@/lib/api-client';

/** What went wrong with a sign-in, sign-up or reset, as the forms tell it. */
export type AuthErrorKind = 'accountLocked' | 'invalidCredentials' | 'invalidOrigin' | 'invalidToken' | 'rateLimited' | 'suspended' | 'network' | 'generic';

const BY_CODE: Record<string, AuthErrorKind> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalidCredentials',
  INVALID_ORIGIN: 'invalidOrigin',
  MISSING_OR_NULL_ORIGIN: 'invalidOrigin',
  INVALID_TOKEN: 'invalidToken',
  TOKEN_EXPIRED: 'invalidToken',
  // A suspended account (better-auth's admin plugin refuses its sessions).
  BANNED_USER: 'suspended',
  // Too many wrong passwords for the account (any client): its password sign-ins wait a while.
  TOO_MANY_FAILED_SIGN_INS: 'accountLocked',
};

/** better-auth's error codes (and statuses) to the kinds above; anything unknown is `generic`. */
export function authErrorKind(error: unknown): AuthErrorKind {
  if (!isApiError(error)) return 'generic';
  const byCode = BY_CODE[error.code];
  if (byCode) return byCode;
  if (error.status === 429) return 'rateLimited';
  if (error.status === 0) return 'network';
  return 'generic';
}

/** The i18n key of a kind's message. */
export const authErrorKey = (kind: AuthErrorKind) => `auth.errors.${kind}`;
