/**
 * The data of a server-sent event, parsed as JSON and checked with its contract schema; null for
 * anything else (a stream never throws on a malformed event).
 */
export function parseEventData<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** How many handled event ids a stream remembers (more than the server sends again on a resume). */
const SEEN_IDS = 1000;

/**
 * A filter for events that carry an id: true the first time an id is seen, false after. A resuming
 * stream is sent the last half minute again (an event that committed late may be in it, with an id below
 * Last-Event-ID), so each id is handled once. Use one per EventSource, only for event types the server
 * sends with an id (a greeting has none, and the browser would give it the previous event's).
 */
export function firstTimeSeen() {
  const seen = new Set<string>();
  return (event: MessageEvent) => {
    const id = event.lastEventId;
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value!);
    return true;
  };
}
