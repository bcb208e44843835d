import { LRUCache } from 'lru-cache';

interface Held<V> {
  value: V;
  /** Kept until then (the cache's clock). */
  until: number;
  group: string | null;
}

/**
 * Values this process keeps for a short while, by key: at most `max` of them, the least recently used
 * going first (lru-cache), each for at most `ttlMs` (or less, per value). A value may belong to a group (a
 * viewer, a user): `forgetGroup` drops the group's values, `forget` one key, `clear` everything, and each
 * of them bumps a generation. A read whose result is to be kept takes `generation()` before it starts and
 * passes it to `set`: a read that a forget overtook is used once but not kept, so no change is ever
 * outlived by what was read before it. With `ttlMs` 0 nothing is kept.
 *
 * The item pages, the viewer marks beside them and the looked-up sessions are kept this way; each forget
 * comes from the event that changed them, in every process (modules/events).
 */
export function createKept<V>(opts: { max: number; ttlMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const groups = new Map<string, Set<string>>();
  let generation = 0;
  const ungroup = (key: string, group: string | null) => {
    if (group === null) return;
    const keys = groups.get(group);
    keys?.delete(key);
    if (keys && !keys.size) groups.delete(group);
  };
  const held = new LRUCache<string, Held<V>>({
    max: opts.max,
    // Whatever leaves the cache (evicted, replaced, expired, forgotten) leaves its group too.
    dispose: (entry, key) => ungroup(key, entry.group),
  });

  return {
    /** Pass to {@link set}: taken before the read whose result is to be kept. */
    generation: () => generation,
    get(key: string): V | null {
      const entry = held.get(key);
      if (!entry) return null;
      if (entry.until <= now()) {
        held.delete(key);
        return null;
      }
      return entry.value;
    },
    /** Keeps a value read since `readAt` (its {@link generation}), in `group` if given, for `ttlMs` at most. */
    set(key: string, value: V, readAt: number, options: { group?: string; ttlMs?: number } = {}) {
      const ttl = Math.min(opts.ttlMs, options.ttlMs ?? opts.ttlMs);
      if (ttl <= 0 || readAt !== generation) return;
      const group = options.group ?? null;
      held.set(key, { value, until: now() + ttl, group });
      if (group === null) return;
      let keys = groups.get(group);
      if (!keys) groups.set(group, (keys = new Set()));
      keys.add(key);
    },
    /** Drops one key. */
    forget(key: string) {
      generation++;
      held.delete(key);
    },
    /** Drops every value of a group. */
    forgetGroup(group: string) {
      generation++;
      for (const key of [...(groups.get(group) ?? [])]) held.delete(key);
      groups.delete(group);
    },
    /** Drops everything. */
    clear() {
      generation++;
      held.clear();
      groups.clear();
    },
    /** How many values are kept (tests). */
    get size() {
      return held.size;
    },
  };
}
