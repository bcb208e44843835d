import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import { execArgvFor, ipcSegmenter, type IpcSegmenter } from '../cutouts/segmenter-ipc';

/**
 * The worker entry beside the calling module, with the caller's own extension: `src/worker.ts`
 * when the server runs from source, `dist/worker.js` once compiled.
 */
export function workerEntryBeside(moduleUrl: string): string {
  const file = fileURLToPath(moduleUrl);
  return path.join(path.dirname(file), `worker${path.extname(file)}`);
}

export interface CutoutWorkers {
  /** On PGlite: the IPC child's segmenter, for the web process's own cut-out queue. */
  segmenter?: IpcSegmenter;
  stop(): Promise<void>;
}

/**
 * The cut-out workers `npm start` runs beside the web process (`WORKERS`, default 1), so that the
 * segmentation model never loads in it. On PostgreSQL each is an independent worker process that
 * takes jobs from the queue; on PGlite, which one process alone may open, one child receives the
 * photos over IPC from the web process, which keeps the queue and stores the results. With
 * `CUTOUT=simple` the quick cut runs in the web process and no worker is needed.
 */
export function startCutoutWorkers(opts: { env: Env; kind: 'pglite' | 'postgres'; entry: string; logger: Logger }): CutoutWorkers {
  const { env, kind, entry, logger } = opts;
  if (env.CUTOUT === 'simple' || env.WORKERS === 0) {
    if (env.CUTOUT === 'model') logger.info('WORKERS=0: no cut-out worker runs in this process; photos wait for a worker process (npm run worker)');
    return { stop: async () => undefined };
  }
  if (kind === 'pglite') {
    const segmenter = ipcSegmenter(entry, { args: ['--segmenter'] });
    logger.info('cut-outs run in a child process, started with the first photo');
    return { segmenter, stop: () => segmenter.close() };
  }

  const children = new Set<ChildProcess>();
  let stopping = false;
  const spawn = (n: number) => {
    const child = fork(entry, [], { execArgv: execArgvFor(entry), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      logger.warn({ worker: n, code, signal }, 'cut-out worker ended; starting another in 5 s');
      setTimeout(() => !stopping && spawn(n), 5_000).unref();
    });
  };
  for (let n = 1; n <= env.WORKERS; n++) spawn(n);
  logger.info({ workers: env.WORKERS }, 'cut-out workers started');
  return {
    async stop() {
      stopping = true;
      await Promise.all(
        [...children].map(
          (c) =>
            new Promise<void>((resolve) => {
              if (c.exitCode !== null || c.signalCode !== null) return resolve();
              c.once('exit', () => resolve());
              c.kill('SIGTERM'); // the worker finishes its running job (up to 10 s) and exits
            }),
        ),
      );
    },
  };
}
