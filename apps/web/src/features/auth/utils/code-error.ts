import { isApiError } from '@/lib/api-client';

/** What went wrong with a mailed sign-in code, as an i18n key (authOtp.errors.*). */
export function codeErrorKey(error: unknown): string {
  if (!isApiError(error)) return 'authOtp.errors.generic';
  switch (error.code) {
    case 'INVALID_OTP':
      return 'authOtp.errors.invalid';
    case 'OTP_EXPIRED':
      return 'authOtp.errors.expired';
    case 'TOO_MANY_ATTEMPTS':
      return 'authOtp.errors.tooManyAttempts';
    case 'BANNED_USER':
      return 'auth.errors.suspended';
    case 'INVALID_EMAIL':
      return 'validation.emailInvalid';
    default:
      break;
  }
  if (error.status === 429) return 'authOtp.errors.rateLimited';
  if (error.status === 0) return 'authOtp.errors.network';
  return 'authOtp.errors.generic';
}
