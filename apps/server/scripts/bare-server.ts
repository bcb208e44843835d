/**
 * The yardstick for the benchmarks: a bare Hono route on @hono/node-server that answers a fixed JSON
 * body (the same bytes a real function answered), with nothing else in the request path.
 *   BARE_JSON_FILE=answer.json PORT=4000 node --import tsx scripts/bare-server.ts
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const files = (process.env.BARE_JSON_FILES ?? '').split(',').filter(Boolean);
const bodies = files.map((f) => readFileSync(f, 'utf8'));
const app = new Hono();
app.get('/bare/:n', (c) => c.body(bodies[Number(c.req.param('n'))] ?? '{}', 200, { 'content-type': 'application/json' }));
// A write's yardstick reads its JSON body first, as the function does.
app.post('/bare/:n', async (c) => {
  await c.req.json();
  return c.body(bodies[Number(c.req.param('n'))] ?? '{}', 200, { 'content-type': 'application/json' });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => console.log('bare server ready'));
