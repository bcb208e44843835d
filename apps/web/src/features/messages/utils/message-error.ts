import { apiErrorKey } from '@/lib/form';

/** The i18n key for a failed send, by code: the hourly allowance, the per-message interval, blocks and DM settings. */
export function sendErrorKey(error: unknown): string {
  return apiErrorKey(error, { dm_hourly_limit: 'messages.hourly', rate_limited: 'messages.tooFast' });
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
