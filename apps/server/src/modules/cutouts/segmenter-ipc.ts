import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Segmenter } from './segmenter';

/**
 * The segmentation model runs in a child process: it takes over a gigabyte of memory and both
 * cores, and a crash of it must not take the web process down. The parent sends photos over the
 * IPC channel (structured clone, so bytes travel as they are) and gets PNGs back.
 */
type Request = { type: 'segment'; id: number; photo: Uint8Array };
type Reply = { type: 'result'; id: number; png: Uint8Array } | { type: 'error'; id: number; message: string };

const toBuffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

/** Child side: answers each request with the segmenter's PNG or its error. */
export function serveSegmenter(segment: Segmenter, channel: NodeJS.Process = process) {
  if (!channel.send) throw new Error('serveSegmenter needs an IPC channel (start the process with fork)');
  // Every failure of a request is its own reply: nothing rejects.
  const answer = async (msg: Request) => {
    let reply: Reply;
    try {
      reply = { type: 'result', id: msg.id, png: await segment(toBuffer(msg.photo)) };
    } catch (err) {
      reply = { type: 'error', id: msg.id, message: err instanceof Error ? err.message : String(err) };
    }
    channel.send!(reply);
  };
  channel.on('message', (msg: Request) => {
    if (msg?.type === 'segment') void answer(msg);
  });
  // The parent went away: nothing more will come.
  channel.on('disconnect', () => process.exit(0));
}

/**
 * Node options for forking a module: a `.ts` entry (development, tests) is loaded through tsx
 * unless this process already runs with it; a compiled `.js` entry needs nothing.
 */
export function execArgvFor(entry: string): string[] {
  const argv = process.execArgv.filter((a) => !a.startsWith('--inspect'));
  if (!entry.endsWith('.ts') || argv.some((a) => a.includes('tsx'))) return argv;
  const loader = createRequire(import.meta.url).resolve('tsx');
  return [...argv, '--import', pathToFileURL(loader).href];
}

export interface IpcSegmenter extends Segmenter {
  /** Ends the child (running requests fail). */
  close(): Promise<void>;
  /** The child's pid, once it runs. */
  readonly pid: number | undefined;
}

/**
 * Parent side: a Segmenter whose work is done by `entry` forked with `args`. The child starts on
 * first use and again after it died; requests it had not answered fail (the job is retried).
 */
export function ipcSegmenter(entry: string, opts: { args?: string[]; env?: NodeJS.ProcessEnv } = {}): IpcSegmenter {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

  function start(): ChildProcess {
    const c = fork(entry, opts.args ?? [], {
      serialization: 'advanced',
      execArgv: execArgvFor(entry),
      env: opts.env ?? process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    c.on('message', (msg: Reply) => {
      const w = waiting.get(msg.id);
      if (!w) return;
      waiting.delete(msg.id);
      if (msg.type === 'result') w.resolve(toBuffer(msg.png));
      else w.reject(new Error(`segmenter: ${msg.message}`));
    });
    c.on('exit', (code, signal) => {
      if (child === c) child = null;
      for (const [id, w] of waiting) {
        waiting.delete(id);
        w.reject(new Error(`segmenter process ended (${signal ?? code})`));
      }
    });
    c.on('error', () => undefined); // reported through 'exit'
    return c;
  }

  const segment = ((photo: Buffer) =>
    new Promise<Buffer>((resolve, reject) => {
      child ??= start();
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      const req: Request = { type: 'segment', id, photo: new Uint8Array(photo) };
      child.send(req, (err) => {
        if (err && waiting.delete(id)) reject(err);
      });
    })) as IpcSegmenter;
  Object.defineProperty(segment, 'pid', { get: () => child?.pid });
  segment.close = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  };
  return segment;
}
