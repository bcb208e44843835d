import type { Context } from 'hono';

/**
 * `/ready`: what a load balancer needs. This process takes requests (not draining), its database
 * answers (within 4 s: under load the ping waits for a pooled connection like any request) and its
 * migrations are applied. `startDraining()` marks that shutdown has begun: /ready answers 503 at once
 * so that the load balancer stops sending requests.
 */
export function readiness(deps: { ping: () => Promise<boolean>; isMigrated?: () => boolean }) {
  let draining = false;
  const handler = async (c: Context) => {
    if (draining) return c.json({ status: 'draining', database: null, migrations: null }, 503);
    const migrated = deps.isMigrated ? deps.isMigrated() : true;
    const db = await Promise.race([deps.ping(), new Promise<false>((r) => setTimeout(r, 4000, false).unref())]);
    const ready = migrated && db;
    const status = ready ? 'ready' : migrated ? 'database_unreachable' : 'starting';
    return c.json({ status, database: db, migrations: migrated }, ready ? 200 : 503);
  };
  /** Shutdown has begun: /ready answers 503 at once so that the load balancer stops sending requests. */
  const startDraining = () => {
    draining = true;
  };
  return { handler, startDraining };
}
