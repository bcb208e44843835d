/**
 * `npm run cluster -- --web 2 --workers 1 [--port 8080]`: the production topology on this machine
 * (see scripts/lib/topology.ts) on the PostgreSQL named by DATABASE_URL, with the compiled server.
 * Ctrl-C stops everything.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/paths';
import { hasCaddy, startTopology } from '../src/cli/topology';

const { values } = parseArgs({
  options: {
    web: { type: 'string', default: '2' },
    workers: { type: 'string', default: '1' },
    port: { type: 'string', default: '8080' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run cluster needs DATABASE_URL (a PostgreSQL server every process shares).');
  process.exit(1);
}
if (!hasCaddy()) {
  console.error('npm run cluster puts Caddy in front of the web processes: install it (apt-get install caddy).');
  process.exit(1);
}
if (!existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const dir = path.join(process.env.DATA_DIR ?? path.join(REPO_ROOT, 'data'), 'cluster');
mkdirSync(dir, { recursive: true });
// Sessions survive a restart of the cluster: the secret is kept beside its data.
const secretFile = path.join(dir, '.auth-secret');
const authSecret = process.env.AUTH_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : randomBytes(32).toString('base64url'));
if (!process.env.AUTH_SECRET) writeFileSync(secretFile, authSecret, { mode: 0o600 });

const web = Number(values.web);
const workers = Number(values.workers);
const started = performance.now();
const passEnv = Object.fromEntries(
  ['LOG_LEVEL', 'CUTOUT', 'SMTP_URL', 'ADMIN_EMAILS', 'S3_PUBLIC_URL'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
);
const topology = await startTopology({
  databaseUrl,
  web,
  workers,
  port: Number(values.port),
  dir,
  authSecret,
  env: { LOG_LEVEL: 'info', ...passEnv },
  output: (name, line) => console.log(`[${name}] ${line}`),
});
console.log(
  `\nCurio cluster: ${web} web process(es) (${topology.webs.map((w) => w.port).join(', ')}), ${workers} worker(s), images in s3rver (${topology.s3.endpoint}), Caddy in front — ready in ${Math.round(performance.now() - started)} ms\n\n  ${topology.publicUrl}\n\nCtrl-C stops everything.`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('stopping the cluster…');
  await topology.stop();
  console.log('cluster stopped');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const p of [...topology.webs, ...topology.workers]) {
  void p.exited.then((code) => {
    if (!stopping) console.error(`[${p.name}] exited (${code})`);
  });
}
