import { spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { SERVER_ROOT } from '../paths';

let outdir: string | undefined;

/**
 * The server compiled as `npm run build` compiles it, once per test process: the name of its folder under
 * apps/server (dist-test-<run>-<pid>, removed when the run ends: test/global-setup.ts). Tests that start the
 * server as a process run this on plain node, as `npm start` does: a start then takes a fraction of the time it
 * takes through tsx, which compiles the whole server again for every process.
 */
export function compiledServerDir(): string {
  if (!outdir) {
    const dir = `${inject('compiledPrefix')}${process.pid}`;
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', dir], { cwd: SERVER_ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not compile the server: ${built.stderr}`);
    outdir = dir;
  }
  return outdir;
}

/** The node arguments that start an entry of the compiled server (`main`, `worker`). */
export function compiledServer(entry: 'main' | 'worker'): string[] {
  return ['--enable-source-maps', path.join(SERVER_ROOT, compiledServerDir(), `${entry}.js`)];
}

/**
 * A started process's exit code once it has exited and its output pipes have closed, so that what it printed last has
 * been read ('exit' can come before its last lines do: a check of its output at 'exit' failed now and then).
 */
export function closed(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code: number | null) => resolve(code)));
}
