import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ethereumErrorKey, siweMessage } from './ethereum-sign-in';

describe('the Sign-In with Ethereum message', () => {
  it('is EIP-4361 for this page: domain and URI from its address, version 1, the chain, the nonce, ten minutes', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const address = `0x${'ab'.repeat(20)}`;
    const text = siweMessage({ address, chainId: 137, nonce: 'abcdefgh1234', statement: 'Sign in to Curio\nwith  this wallet.', now });
    expect(text.split('\n')).toEqual([
      `${window.location.host} wants you to sign in with your Ethereum account:`,
      address,
      '',
      // The spec's rule: the statement is one line.
      'Sign in to Curio with this wallet.',
      '',
      `URI: ${window.location.origin}`,
      'Version: 1',
      'Chain ID: 137',
      'Nonce: abcdefgh1234',
      'Issued At: 2026-01-02T03:04:05.000Z',
      'Expiration Time: 2026-01-02T03:14:05.000Z',
    ]);
  });

  it('has no statement block when the statement is empty', () => {
    const text = siweMessage({ address: `0x${'12'.repeat(20)}`, chainId: 1, nonce: 'abcdefgh', statement: '  ' });
    expect(text.split('\n')[3]).toMatch(/^URI: /);
  });
});

describe('Ethereum sign-in errors', () => {
  it('translates the server codes', () => {
    expect(ethereumErrorKey(new ApiError(401, 'SIWE_INVALID_SIGNATURE', 'x'))).toBe('authEthereum.errors.invalidSignature');
    expect(ethereumErrorKey(new ApiError(401, 'SIWE_DOMAIN_MISMATCH', 'x'))).toBe('authEthereum.errors.domainMismatch');
    expect(ethereumErrorKey(new ApiError(401, 'UNAUTHORIZED_INVALID_OR_EXPIRED_NONCE', 'x'))).toBe('authEthereum.errors.expired');
    expect(ethereumErrorKey(new ApiError(429, 'x', 'x'))).toBe('auth.errors.rateLimited');
    expect(ethereumErrorKey(new Error('boom'))).toBe('authEthereum.errors.generic');
  });
});
