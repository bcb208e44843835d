/**
 * npm run backup [-- --out DIR]     a backup folder of the database and the images (default: ./backups)
 * npm run restore -- DIR            brings both back to that backup (stop the servers first)
 * The environment is the server's (DATABASE_URL or DATA_DIR, S3_*).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, restore } from '../src/cli/backup';
import { DataDirLockedError } from '../src/db/lock';
import { EnvError, loadEnv, REPO_ROOT } from '../src/env';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
try {
  const env = loadEnv();
  if (positionals[0] === 'restore') {
    const dir = positionals[1];
    if (!dir) throw new EnvError('Usage: npm run restore -- <backup folder>');
    const m = await restore(env, path.resolve(process.env.INIT_CWD ?? process.cwd(), dir));
    console.log(`restored the ${m.database} database and ${m.objects} image objects from ${dir} (made ${m.createdAt})`);
  } else {
    const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? path.join(REPO_ROOT, 'backups'));
    const dir = await backup(env, out);
    console.log(`backup written to ${dir}`);
  }
} catch (err) {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
