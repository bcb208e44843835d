import { EU_REGION_CODES } from '@curio/contract';

const EU = new Set<string>(EU_REGION_CODES);

/** The region part of a language tag: de-DE → de, en-GB → gb, zh-Hans-CN → cn. */
export function regionOf(tag: string): string | null {
  const parts = tag.replace(/_/g, '-').split('-').slice(1);
  const region = parts.find((part) => /^[a-z]{2}$/i.test(part) || /^\d{3}$/.test(part));
  return region ? region.toLowerCase() : null;
}

/** A visitor is likely European when a browser language has an EU/UK region, or the time zone is Europe/*. */
export function isLikelyEuropean({ languages, timeZone }: { languages: readonly string[]; timeZone?: string | null }): boolean {
  if (
    languages.some((tag) => {
      const region = regionOf(tag);
      return region !== null && EU.has(region);
    })
  ) {
    return true;
  }
  return typeof timeZone === 'string' && timeZone.startsWith('Europe/');
}

export function detectLikelyEuropean(): boolean {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  if (isLikelyEuropean({ languages })) return true;
  return isLikelyEuropean({ languages: [], timeZone: browserTimeZone() });
}

type WithTemporal = { Temporal?: { Now?: { timeZoneId?: () => string } } };

/**
 * The browser's IANA time zone. Temporal answers it at once; Intl.DateTimeFormat, where Temporal is
 * missing, first builds a whole date formatter for the locale (about 30 ms on a desktop, four times
 * that on a phone, in the middle of the first render).
 */
export function browserTimeZone(): string | undefined {
  try {
    const temporal = (globalThis as WithTemporal).Temporal;
    if (typeof temporal?.Now?.timeZoneId === 'function') return temporal.Now.timeZoneId();
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
