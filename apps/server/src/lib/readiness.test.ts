import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readiness } from './readiness';

function appWith(ready: ReturnType<typeof readiness>) {
  const app = new Hono();
  app.get('/ready', ready.handler);
  return app;
}

describe('readiness', () => {
  it('answers ready while the database answers and the migrations are applied', async () => {
    const res = await appWith(readiness({ ping: async () => true })).request('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: true, migrations: true });
  });

  it('answers 503 before the migrations, without a database, and once draining has begun', async () => {
    const starting = await appWith(readiness({ ping: async () => true, isMigrated: () => false })).request('/ready');
    expect([starting.status, await starting.json()]).toEqual([503, { status: 'starting', database: true, migrations: false }]);
    const unreachable = await appWith(readiness({ ping: async () => false })).request('/ready');
    expect([unreachable.status, await unreachable.json()]).toEqual([503, { status: 'database_unreachable', database: false, migrations: true }]);
    const ready = readiness({ ping: async () => true });
    ready.startDraining();
    const draining = await appWith(ready).request('/ready');
    expect([draining.status, await draining.json()]).toEqual([503, { status: 'draining', database: null, migrations: null }]);
  });
});
