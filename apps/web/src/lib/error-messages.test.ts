import { ERROR_CODES } from '@curio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteErrorKey } from '@/features/onboarding/api/redeem-invite';
import { onboardingErrors } from '@/features/onboarding/api/complete-onboarding';
import { jsonResponse } from '@/testing/test-utils';
import { ApiError, callFunction, setUnauthorizedHandler, toApiError } from './api-client';
import { errorMessageKey } from './error-messages';

describe('errorMessageKey', () => {
  it('maps every contract error code to errors.<code>', () => {
    for (const code of ERROR_CODES) expect(errorMessageKey(new ApiError(400, code, 'raw server text'))).toBe(`errors.${code}`);
  });

  it('maps a network failure to errors.network_error', () => {
    expect(errorMessageKey(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('errors.network_error');
  });

  it('never passes unknown codes or plain errors through', () => {
    expect(errorMessageKey(new ApiError(418, 'teapot', 'I am a teapot'))).toBe('common.error');
    expect(errorMessageKey(new Error('boom'))).toBe('common.error');
    expect(errorMessageKey(undefined)).toBe('common.error');
  });
});

describe('invite errors', () => {
  it('uses the onboarding keys of the spec', () => {
    expect(inviteErrorKey(new ApiError(400, 'invite_invalid', 'x'))).toBe('onboarding.codeInvalid');
    expect(inviteErrorKey(new ApiError(409, 'invite_already_redeemed', 'x'))).toBe('onboarding.codeAlreadyRedeemed');
    expect(inviteErrorKey(new ApiError(409, 'invite_fully_used', 'x'))).toBe('onboarding.codeFullyUsed');
    expect(inviteErrorKey(new ApiError(400, 'validation_failed', 'x', { code: 'required' }))).toBe('validation.codeRequired');
    expect(inviteErrorKey(new ApiError(429, 'rate_limited', 'x'))).toBe('errors.rate_limited');
  });
});

describe('onboarding errors', () => {
  it('puts handle_taken under the handle', () => {
    expect(onboardingErrors(new ApiError(409, 'handle_taken', 'x'))).toEqual({
      fields: { handle: 'onboarding.handleTaken' },
      form: null,
      inviteRequired: false,
    });
  });

  it('maps server field codes per field', () => {
    const error = new ApiError(400, 'validation_failed', 'x', {
      handle: 'invalid_format',
      displayName: 'required',
      bio: 'too_long',
    });
    expect(onboardingErrors(error).fields).toEqual({
      handle: 'onboarding.handleInvalid',
      displayName: 'validation.required',
      bio: 'validation.bioTooLong',
    });
  });

  it('asks for an invite on invite_required and says common.error otherwise', () => {
    expect(onboardingErrors(new ApiError(403, 'invite_required', 'x'))).toMatchObject({ inviteRequired: true, form: 'errors.invite_required' });
    expect(onboardingErrors(new ApiError(500, 'internal_error', 'x'))).toMatchObject({ form: 'common.error', fields: {} });
  });
});

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('parses the error envelope', async () => {
    const error = await toApiError(jsonResponse({ error: { code: 'handle_taken', message: 'taken', fields: { handle: 'x' } } }, 409));
    expect(error).toMatchObject({ status: 409, code: 'handle_taken', fields: { handle: 'x' } });
  });

  it('derives a code from the status when there is no envelope', async () => {
    const error = await toApiError(new Response('<html>', { status: 502 }));
    expect(error).toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('POSTs JSON with credentials and GETs with query parameters', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await callFunction('invite-redeem', { code: 'CURIO-ABC' });
    await callFunction('explore-list', { sort: 'trending', limit: 8, includeNSFW: false }, { method: 'GET' });
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![0]).toBe('/functions/v1/invite-redeem');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ code: 'CURIO-ABC' }) });
    expect(calls[1]![0]).toBe('/functions/v1/explore-list?sort=trending&limit=8&includeNSFW=false');
    expect(calls[1]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('throws ApiError and reports a 401 to the unauthorized handler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'unauthorized', message: 'no' } }, 401)),
    );
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(callFunction('profile-me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callFunction('profile-me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
