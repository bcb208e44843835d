import { NSFW_CONSENT_MS } from '@curio/contract';

/** Local memory of "I am 18 or older" per item: a timestamp under one key, valid for 24 hours. */
export const NSFW_CONSENT_KEY = 'curio.nsfwConsent';

type ConsentMap = Record<string, number>;

function read(storage: Storage): ConsentMap {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(NSFW_CONSENT_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'number' && Number.isFinite(v))) as ConsentMap;
  } catch {
    return {};
  }
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Whether consent for this item was recorded less than 24 hours ago. */
export function hasNsfwConsent(itemId: string, now = Date.now(), storage: Storage | null = defaultStorage()): boolean {
  if (!storage) return false;
  const at = read(storage)[itemId];
  return at !== undefined && at <= now && now - at < NSFW_CONSENT_MS;
}

/** Records consent for this item now, dropping entries that have expired. */
export function recordNsfwConsent(itemId: string, now = Date.now(), storage: Storage | null = defaultStorage()) {
  if (!storage) return;
  const fresh = Object.fromEntries(Object.entries(read(storage)).filter(([, at]) => now - at < NSFW_CONSENT_MS));
  fresh[itemId] = now;
  try {
    storage.setItem(NSFW_CONSENT_KEY, JSON.stringify(fresh));
  } catch {
    // Storage full or blocked: the consent lasts for this page only.
  }
}
