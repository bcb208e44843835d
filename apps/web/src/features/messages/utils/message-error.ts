import { DM_MESSAGES } from '@curio/contract';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/error-messages';

/** The i18n key for a failed send: the two rate limits by their texts, blocks and DM settings by code. */
export function sendErrorKey(error: unknown): string {
  if (isApiError(error) && error.code === 'rate_limited') {
    if (error.message === DM_MESSAGES.hourly) return 'messages.hourly';
    return 'messages.tooFast';
  }
  return errorMessageKey(error);
}

/** Messages are shown oldest first; the server pages newest first. */
export function chronological<T extends { createdAt: string }>(pagesNewestFirst: readonly (readonly T[])[]): T[] {
  return pagesNewestFirst.flat().slice().reverse();
}

/** The local calendar day of a time, as a key (YYYY-M-D) for day separators. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}
