import { createHmac } from 'node:crypto';

/**
 * Keyed hashes that stand for a viewer without naming them. Each purpose (and, for counted views,
 * each UTC day) has its own key derived from the server secret, so a hash means nothing outside its
 * table and a day's view hashes cannot be linked to another day's.
 */
export function createViewerKeys(secret: string) {
  const keyOf = (purpose: string) => createHmac('sha256', secret).update(`curio:${purpose}`).digest();
  const hash = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
  const who = (v: Viewer) => (v.userId ? `u:${v.userId}` : `g:${v.address ?? ''}\n${v.userAgent ?? ''}`);
  return {
    /** The viewer of an item on a UTC day (`YYYY-MM-DD`): a user by id, a guest by address and user agent. */
    dailyViewer: (day: string, v: Viewer) => hash(keyOf(`item-views:${day}`), who(v)),
    /** The subject of a rate limit: a user by id, a guest by address (user agent when no address is known). */
    limitSubject: (v: Viewer) => (v.userId ? `user:${v.userId}` : `guest:${hash(keyOf('rate-limit'), v.address ?? `ua:${v.userAgent ?? ''}`)}`),
  };
}

export interface Viewer {
  userId: string | null;
  address: string | null;
  userAgent: string | null;
}

/** The UTC day of a moment, as stored in item_views. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
