import { NSFW_CONSENT_MS } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { hasNsfwConsent, NSFW_CONSENT_KEY, recordNsfwConsent } from './nsfw-consent';

const T0 = Date.UTC(2025, 0, 1, 12);

describe('NSFW consent memory', () => {
  it('has no consent until it is recorded', () => {
    expect(hasNsfwConsent('a', T0, localStorage)).toBe(false);
  });

  it('remembers consent per item for 24 hours', () => {
    recordNsfwConsent('a', T0, localStorage);
    expect(hasNsfwConsent('a', T0, localStorage)).toBe(true);
    expect(hasNsfwConsent('a', T0 + NSFW_CONSENT_MS - 1, localStorage)).toBe(true);
    expect(hasNsfwConsent('a', T0 + NSFW_CONSENT_MS, localStorage)).toBe(false);
    expect(hasNsfwConsent('b', T0, localStorage)).toBe(false);
  });

  it('renews the time when recorded again', () => {
    recordNsfwConsent('a', T0, localStorage);
    recordNsfwConsent('a', T0 + 20 * 3_600_000, localStorage);
    expect(hasNsfwConsent('a', T0 + 30 * 3_600_000, localStorage)).toBe(true);
  });

  it('drops expired entries when recording', () => {
    recordNsfwConsent('old', T0, localStorage);
    recordNsfwConsent('new', T0 + NSFW_CONSENT_MS + 1, localStorage);
    expect(Object.keys(JSON.parse(localStorage.getItem(NSFW_CONSENT_KEY)!))).toEqual(['new']);
  });

  it('ignores broken or foreign data and timestamps from the future', () => {
    localStorage.setItem(NSFW_CONSENT_KEY, 'not json');
    expect(hasNsfwConsent('a', T0, localStorage)).toBe(false);
    localStorage.setItem(NSFW_CONSENT_KEY, JSON.stringify({ a: 'yesterday', b: T0 + 60_000 }));
    expect(hasNsfwConsent('a', T0, localStorage)).toBe(false);
    expect(hasNsfwConsent('b', T0, localStorage)).toBe(false);
    recordNsfwConsent('c', T0, localStorage);
    expect(hasNsfwConsent('c', T0, localStorage)).toBe(true);
  });

  it('works without storage', () => {
    expect(hasNsfwConsent('a', T0, null)).toBe(false);
    expect(() => recordNsfwConsent('a', T0, null)).not.toThrow();
  });
});
