import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { mfaErrorKey } from './mfa-errors';
import { currentTwoFactorChallenge, endTwoFactorChallenge, startTwoFactorChallenge } from './two-factor-challenge';

describe('mfaErrorKey', () => {
  it("words better-auth's code errors, a rate limit and the rest", () => {
    expect(mfaErrorKey(new ApiError(401, 'INVALID_CODE', 'Invalid code'))).toBe('authMfa.errors.invalidCode');
    expect(mfaErrorKey(new ApiError(401, 'INVALID_BACKUP_CODE', 'x'))).toBe('authMfa.errors.invalidRecoveryCode');
    expect(mfaErrorKey(new ApiError(401, 'TOTP_CODE_USED', 'x'))).toBe('authMfa.errors.codeUsed');
    expect(mfaErrorKey(new ApiError(429, 'ACCOUNT_TEMPORARILY_LOCKED', 'x'))).toBe('authMfa.errors.locked');
    expect(mfaErrorKey(new ApiError(429, 'auth_failed', 'Too many requests'))).toBe('authMfa.errors.rateLimited');
    expect(mfaErrorKey(new ApiError(400, 'NO_VERIFIED_PHONE', 'x'))).toBe('authMfa.errors.noPhone');
    expect(mfaErrorKey(new ApiError(0, 'network', 'x'))).toBe('authMfa.errors.network');
    expect(mfaErrorKey(new Error('boom'))).toBe('authMfa.errors.generic');
  });
});

describe('two-factor challenge', () => {
  it('holds the offered methods until it ends; none offered means the app', () => {
    startTwoFactorChallenge(['totp', 'otp']);
    expect(currentTwoFactorChallenge()).toEqual({ methods: ['totp', 'otp'] });
    startTwoFactorChallenge([]);
    expect(currentTwoFactorChallenge()).toEqual({ methods: ['totp'] });
    endTwoFactorChallenge();
    expect(currentTwoFactorChallenge()).toBeNull();
  });
});
