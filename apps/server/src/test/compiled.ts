import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../paths';

let outdir: string | undefined;

/**
 * The command line that starts an entry of the compiled server (`main`, `worker`), as `npm start` starts it:
 * plain node on the JavaScript `npm run build` makes. The server is compiled once per test process (into
 * apps/server/dist-test-<pid>, removed when the process ends): a start then takes a fraction of the time it
 * takes through tsx, which compiles the whole server again for every process.
 */
export function compiledServer(entry: 'main' | 'worker'): string[] {
  if (!outdir) {
    const dir = `dist-test-${process.pid}`;
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', dir], { cwd: SERVER_ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not compile the server: ${built.stderr}`);
    const full = path.join(SERVER_ROOT, dir);
    process.on('exit', () => rmSync(full, { recursive: true, force: true }));
    outdir = full;
  }
  return ['--enable-source-maps', path.join(outdir, `${entry}.js`)];
}
