/**
 * `npm run bench:heap`: whether the server's memory stays flat under a steady mix. The compiled server on
 * a fresh PostgreSQL database (2,000 items) takes five 20 s windows of guests reading explore and item
 * pages, a signed-in collector reading item pages and liking; after each window (and 3 s of rest) it
 * prints the resident memory and the V8 heap in use (from /metrics). Resident memory follows the heap's
 * reserved size; a leak shows as heap in use that climbs from window to window.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchDatabase, buildServer, seed, seedSize, signedInViewer, startServer, stop } from './bench-support';
const rss = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
const { database, serverEnv, drop } = await benchDatabase('postgres');
const seeded = await seed(database, seedSize(2000));
await database.close();
const entry = await buildServer();
// Production keeps /metrics private without a token: the heap figures read it with one.
const server = await startServer(entry, { ...serverEnv, LOG_LEVEL: 'warn', METRICS_TOKEN: 'bench-heap-metrics' });
try {
  const viewer = await signedInViewer(server.url, seeded.itemIds);
  const heap = async () => {
    const t = await (await fetch(server.url + '/metrics', { headers: { authorization: 'Bearer bench-heap-metrics' } })).text();
    const m = /nodejs_heap_size_used_bytes (\d+)/.exec(t);
    const o = /nodejs_heap_space_size_used_bytes\{space="old"\} (\d+)/.exec(t);
    return `heapUsed ${m ? Math.round(Number(m[1]) / 1048576) : '?'} MB, old space ${o ? Math.round(Number(o[1]) / 1048576) : '?'} MB`;
  };
  let i = 0;
  const paths = [
    `/functions/v1/explore-list?sort=trending&timeRange=7d&page=0&pageSize=30`,
    ...seeded.itemIds.map((id) => `/functions/v1/item-get?itemId=${id}`),
  ];
  console.log(`start: rss ${rss(server.child.pid!)} MB, ${await heap()}`);
  for (let w = 0; w < 5; w++) {
    await Promise.all([
      autocannon({
        url: server.url,
        connections: 16,
        duration: 20,
        requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length]! }) }],
      }),
      autocannon({
        url: server.url,
        connections: 8,
        duration: 20,
        headers: viewer,
        requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: paths[1 + (i++ % 200)]! }) }],
      }),
      autocannon({
        url: server.url,
        connections: 4,
        duration: 20,
        headers: { ...viewer, origin: server.url, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (r) => ({ ...r, path: '/functions/v1/social-like-toggle', body: JSON.stringify({ itemId: seeded.itemIds[i++ % 200] }) }),
          },
        ],
      }),
    ]);
    await new Promise((r) => setTimeout(r, 3000));
    console.log(`window ${w + 1}: rss ${rss(server.child.pid!)} MB, ${await heap()}`);
  }
} finally {
  await stop(server.child);
  await drop();
}
process.exit(0);
