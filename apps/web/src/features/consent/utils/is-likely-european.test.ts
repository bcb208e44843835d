import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, detectLikelyEuropean, isLikelyEuropean, regionOf } from './is-likely-european';

describe('regionOf', () => {
  it('reads the region of a language tag', () => {
    expect(regionOf('de-DE')).toBe('de');
    expect(regionOf('en_GB')).toBe('gb');
    expect(regionOf('zh-Hans-CN')).toBe('cn');
    expect(regionOf('fr')).toBeNull();
  });
});

describe('isLikelyEuropean', () => {
  it('is true for a browser language with an EU or UK region', () => {
    expect(isLikelyEuropean({ languages: ['de-DE'], timeZone: 'America/New_York' })).toBe(true);
    expect(isLikelyEuropean({ languages: ['en-US', 'en-GB'], timeZone: 'Asia/Shanghai' })).toBe(true);
    expect(isLikelyEuropean({ languages: ['pt-PT'], timeZone: undefined })).toBe(true);
  });

  it('is true for a Europe/* time zone', () => {
    expect(isLikelyEuropean({ languages: ['en-US'], timeZone: 'Europe/Berlin' })).toBe(true);
    expect(isLikelyEuropean({ languages: [], timeZone: 'Europe/London' })).toBe(true);
  });

  it('is false elsewhere', () => {
    expect(isLikelyEuropean({ languages: ['en-US', 'zh-CN'], timeZone: 'America/Los_Angeles' })).toBe(false);
    expect(isLikelyEuropean({ languages: ['pt-BR'], timeZone: 'America/Sao_Paulo' })).toBe(false);
    // A bare language without a region says nothing about where the visitor is.
    expect(isLikelyEuropean({ languages: ['de', 'fr'], timeZone: 'Asia/Tokyo' })).toBe(false);
    expect(isLikelyEuropean({ languages: ['en'], timeZone: null })).toBe(false);
  });
});

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks Temporal where the browser has it, without building a date formatter', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Lisbon' } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe('Europe/Lisbon');
    expect(formatter).not.toHaveBeenCalled();
  });

  it('falls back to Intl where Temporal is missing', () => {
    vi.stubGlobal('Temporal', undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('detectLikelyEuropean', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the time zone only when the languages say nothing', () => {
    const timeZoneId = vi.fn(() => 'Europe/Paris');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(detectLikelyEuropean()).toBe(true);
    expect(timeZoneId).not.toHaveBeenCalled();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(detectLikelyEuropean()).toBe(true);
    expect(timeZoneId).toHaveBeenCalledOnce();
    timeZoneId.mockReturnValue('America/Chicago');
    expect(detectLikelyEuropean()).toBe(false);
  });
});
