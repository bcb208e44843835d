import { isApiError } from '@/lib/api-client';

/** better-auth's codes on the account page to their message keys (accountEmail.errors.*). */
const BY_CODE: Record<string, string> = {
  INVALID_PASSWORD: 'wrongPassword',
  PASSWORD_TOO_SHORT: 'passwordLength',
  PASSWORD_TOO_LONG: 'passwordLength',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'noPassword',
  INVALID_EMAIL: 'emailInvalid',
  INVALID_TOKEN: 'linkInvalid',
  TOKEN_EXPIRED: 'linkInvalid',
  USER_NOT_FOUND: 'linkInvalid',
  INVALID_USER: 'linkInvalid',
  SESSION_EXPIRED: 'sessionExpired',
  UNAUTHORIZED: 'sessionExpired',
};

/** The i18n key of what went wrong with a change on the account page. */
export function accountErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'accountEmail.errors.generic';
  const byCode = BY_CODE[error.code];
  if (byCode) return `accountEmail.errors.${byCode}`;
  if (error.status === 429) return 'accountEmail.errors.rateLimited';
  if (error.status === 0) return 'accountEmail.errors.network';
  return 'accountEmail.errors.generic';
}
