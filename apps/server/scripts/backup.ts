/**
 * npm run backup [-- --out DIR]     a backup folder of the database, the images and the generated auth
 *                                   secret (default: ./backups), readable by its owner only
 * npm run restore -- DIR [--ignore-auth-secret]
 *                                   brings all back to that backup (stop the servers first); refuses
 *                                   when the auth secret would differ, unless --ignore-auth-secret
 * The environment is the server's (DATABASE_URL or DATA_DIR, S3_*, AUTH_SECRET).
 */
import '../src/supported-node';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, BackupError, restore } from '../src/cli/backup';
import { DataDirLockedError } from '../src/db/lock';
import { EnvError, loadEnv, REPO_ROOT } from '../src/env';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, 'ignore-auth-secret': { type: 'boolean' } } });
try {
  const env = loadEnv();
  if (positionals[0] === 'restore') {
    const dir = positionals[1];
    if (!dir) throw new EnvError('Usage: npm run restore -- <backup folder> [--ignore-auth-secret]');
    const m = await restore(env, path.resolve(process.env.INIT_CWD ?? process.cwd(), dir), { ignoreAuthSecret: values['ignore-auth-secret'] });
    console.log(`restored the ${m.database} database and ${m.objects} image objects from ${dir} (made ${m.createdAt})`);
    if (m.authSecret?.source === 'environment') console.log('the backup was made with AUTH_SECRET from the environment: keep that same AUTH_SECRET configured');
    else if (m.authSecret) console.log(`restored the auth secret into ${path.join(env.DATA_DIR, '.auth-secret')}`);
  } else {
    const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? path.join(REPO_ROOT, 'backups'));
    const dir = await backup(env, out);
    console.log(`backup written to ${dir}`);
    console.log(
      generatedSecretKept(dir)
        ? 'it holds the auth secret (secrets/auth-secret): keep it as safe as the secret itself'
        : 'AUTH_SECRET comes from the environment and is not in the backup: keep it safe apart, a restore needs the same value',
    );
  }
} catch (err) {
  if (err instanceof EnvError || err instanceof DataDirLockedError || err instanceof BackupError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

function generatedSecretKept(dir: string) {
  return existsSync(path.join(dir, 'secrets/auth-secret'));
}
