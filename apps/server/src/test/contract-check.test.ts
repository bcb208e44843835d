import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from './contract-check';

describe('the contract check of API answers', () => {
  it('accepts an answer that matches the output schema', () => {
    expect(() => assertMatchesContract('get-credit-balance', { balance: 30 })).not.toThrow();
  });
  it('fails on drift: a missing or mistyped field', () => {
    expect(() => assertMatchesContract('get-credit-balance', { credits: 30 })).toThrow(/balance/);
    expect(() => assertMatchesContract('social-like-toggle', { liked: 'yes', likeCount: 1 })).toThrow(/liked/);
  });
  it('fails on a function the contract does not declare', () => {
    expect(() => assertMatchesContract('no-such-function', {})).toThrow(/not in the contract/);
  });
});
