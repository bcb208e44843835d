import { credentialsSchema, FIELD_ERROR_CODES, onboardingInputSchema, passwordSchema } from '@curio/contract';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { apiErrorKey, CONTRACT_KEYS, everyCode, fieldErrorKey, filled, formResolver, issueKeys, setServerErrors } from './form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<any>;

describe('fieldErrorKey', () => {
  it("takes the form's key for a field's code, then the fallback, then common.error", () => {
    const keys = { body: { required: 'comments.errorEmpty', too_long: 'comments.errorTooLong' } };
    expect(fieldErrorKey('body', 'required', keys)).toBe('comments.errorEmpty');
    expect(fieldErrorKey('body', 'too_long', keys)).toBe('comments.errorTooLong');
    expect(fieldErrorKey('title', 'required', keys)).toBe('validation.required');
    expect(fieldErrorKey('title', 'too_long', keys)).toBe('common.error');
  });

  it('gives one text to every code with everyCode', () => {
    for (const code of FIELD_ERROR_CODES) expect(fieldErrorKey('amount', code, { amount: everyCode('k.rule') })).toBe('k.rule');
  });

  it('never shows a text that is not a known code', () => {
    expect(fieldErrorKey('email', 'Enter a valid email address', { email: CONTRACT_KEYS.email })).toBe('common.error');
    expect(fieldErrorKey('email', undefined)).toBe('common.error');
  });
});

describe('issueKeys (zod issue → code → key)', () => {
  it('maps the contract rules of each field, first issue per field', () => {
    const r = onboardingInputSchema.safeParse({ handle: 'A!', displayName: '   ', bio: 'x'.repeat(301) });
    expect(r.success).toBe(false);
    const keys = { handle: CONTRACT_KEYS.handle, displayName: CONTRACT_KEYS.displayName, bio: CONTRACT_KEYS.bio };
    expect(issueKeys(r.error!.issues, keys)).toEqual({
      handle: { code: 'invalid_format', key: 'validation.handleInvalid' },
      displayName: { code: 'required', key: 'validation.required' },
      bio: { code: 'too_long', key: 'validation.bioTooLong' },
    });
  });

  it('tells too short from too long and both from empty', () => {
    const schema = z.object({ password: filled(passwordSchema, { trim: false }) });
    const code = (password: string) => issueKeys(schema.safeParse({ password }).error?.issues ?? []).password?.code;
    expect(code('')).toBe('required');
    expect(code('short')).toBe('too_short');
    expect(code('x'.repeat(129))).toBe('too_long');
    expect(code('        ')).toBeUndefined();
  });

  it("tells an issue inside a list on the list's field when the form names only the list", () => {
    const schema = z.object({ urls: z.array(z.url()).min(1) });
    const keys = { urls: { required: 'k.required', invalid_format: 'k.invalid' } };
    expect(issueKeys(schema.safeParse({ urls: ['https://a.example', 'nope'] }).error!.issues, keys)).toEqual({
      urls: { code: 'invalid_format', key: 'k.invalid' },
    });
    expect(issueKeys(schema.safeParse({ urls: [] }).error!.issues, keys)).toEqual({ urls: { code: 'required', key: 'k.required' } });
  });

  it('joins nested paths', () => {
    const schema = z.object({ announcement: z.object({ title: z.string().trim().min(1) }) });
    expect(issueKeys(schema.safeParse({ announcement: { title: ' ' } }).error!.issues)).toEqual({
      'announcement.title': { code: 'required', key: 'validation.required' },
    });
  });
});

describe('formResolver', () => {
  it('answers the parsed values when the form is valid', async () => {
    const resolve = formResolver(credentialsSchema, { email: CONTRACT_KEYS.email, password: CONTRACT_KEYS.password });
    await expect(resolve({ email: ' a@b.co ', password: 'longenough' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.co', password: 'longenough' },
      errors: {},
    });
  });

  it('answers each field with its code as the type and the catalog key as the message', async () => {
    const resolve = formResolver(credentialsSchema, { email: CONTRACT_KEYS.email, password: CONTRACT_KEYS.password });
    const { errors, values } = await resolve({ email: 'nope', password: 'short' }, undefined, options);
    expect(values).toEqual({});
    expect(errors).toMatchObject({
      email: { type: 'invalid_format', message: 'validation.emailInvalid' },
      password: { type: 'too_short', message: 'validation.passwordLength' },
    });
  });
});

describe('server errors', () => {
  it('puts the envelope codes on the fields the form has, by code, never by text', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'validation_failed', 'Some fields are not valid', { handle: 'taken', other: 'required' });
    expect(setServerErrors(error, setError, { handle: CONTRACT_KEYS.handle }, ['handle'])).toBe(true);
    expect(setError).toHaveBeenCalledExactlyOnceWith('handle', { type: 'taken', message: 'validation.handleTaken' });
  });

  it('puts nothing for an error without fields or an unknown code', () => {
    const setError = vi.fn();
    expect(setServerErrors(new ApiError(500, 'internal_error', 'x'), setError)).toBe(false);
    expect(setServerErrors(new Error('x'), setError)).toBe(false);
    setServerErrors(new ApiError(400, 'validation_failed', 'x', { title: 'Title is required' }), setError);
    expect(setError).toHaveBeenCalledWith('title', { type: 'Title is required', message: 'common.error' });
  });

  it("maps a top-level code to the form's own key, else errors.<code>", () => {
    const own = { dm_hourly_limit: 'messages.hourly', rate_limited: 'messages.tooFast' };
    expect(apiErrorKey(new ApiError(429, 'dm_hourly_limit', 'Hourly message limit reached'), own)).toBe('messages.hourly');
    expect(apiErrorKey(new ApiError(429, 'rate_limited', 'x'), own)).toBe('messages.tooFast');
    expect(apiErrorKey(new ApiError(403, 'blocked', 'x'), own)).toBe('errors.blocked');
    expect(apiErrorKey(new ApiError(418, 'teapot', 'x'), own)).toBe('common.error');
    expect(apiErrorKey(new Error('x'))).toBe('common.error');
  });

  it('knows every field code of the contract', () => {
    for (const code of FIELD_ERROR_CODES) expect(fieldErrorKey('f', code, { f: { [code]: `k.${code}` } })).toBe(`k.${code}`);
  });
});
