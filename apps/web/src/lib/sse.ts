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
