import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zh from '@/locales/zh-CN.json';
import { ApiError } from '@/lib/api-client';
import { webAuthnErrorKey, webAuthnErrorKind } from './webauthn-errors';

const lookup = (catalog: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);

describe('webauthn errors', () => {
  it.each([
    ['ERROR_CEREMONY_ABORTED', 'cancelled'],
    ['ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'cancelled'],
    ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'alreadyRegistered'],
    ['ERROR_INVALID_RP_ID', 'invalidDomain'],
    ['ERROR_INVALID_DOMAIN', 'invalidDomain'],
    ['WEBAUTHN_INVALID_RP_ID', 'invalidDomain'],
    ['ERROR_MALFORMED_PUBKEYCREDPARAMS', 'unsupportedAlgorithm'],
    ['ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG', 'unsupportedAlgorithm'],
    ['ERROR_INVALID_USER_ID_LENGTH', 'invalidUserId'],
    ['WEBAUTHN_INVALID_USER_ID_LENGTH', 'invalidUserId'],
    ['ERROR_AUTHENTICATOR_GENERAL_ERROR', 'authenticator'],
    ['PASSKEY_NOT_FOUND', 'unknownPasskey'],
    ['SESSION_NOT_FRESH', 'sessionNotFresh'],
  ])('translates %s as %s, in both languages', (code, kind) => {
    const error = new ApiError(400, code, 'x');
    expect(webAuthnErrorKind(error)).toBe(kind);
    expect(typeof lookup(en, webAuthnErrorKey(error))).toBe('string');
    expect(typeof lookup(zh, webAuthnErrorKey(error))).toBe('string');
  });

  it('falls back on the status: too many tries, no answer, anything else', () => {
    expect(webAuthnErrorKind(new ApiError(429, 'x', 'x'))).toBe('rateLimited');
    expect(webAuthnErrorKind(new ApiError(0, 'x', 'x'))).toBe('network');
    expect(webAuthnErrorKind(new ApiError(500, 'x', 'x'))).toBe('generic');
    expect(webAuthnErrorKind({ code: 'ERROR_CEREMONY_ABORTED', status: 400 })).toBe('cancelled');
  });
});
