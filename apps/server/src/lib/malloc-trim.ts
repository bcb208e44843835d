import koffi from 'koffi';
import type { Logger } from './logger';

/**
 * glibc's allocator keeps memory that the process has freed: a page is given back to the system only when it lies at
 * the top of its heap, so a morning of uploads, generations and pages leaves the heap full of free holes between a few
 * live blocks. After `npm run bench:workload` the web process held 570 MB, and one call of glibc's `malloc_trim(0)`
 * (which returns every whole free page inside the heaps too) brought it to 355 MB; nothing else had changed.
 * So each process calls it now and then: on a thread of libuv's pool (the event loop never waits for it; it holds an
 * arena's lock while it walks that arena, tens of milliseconds at most), and only when the process has grown since
 * the last call. Where the C library has no `malloc_trim` (musl, macOS), this does nothing.
 */
type TrimFn = ((pad: number) => number) & { async: (pad: number, callback: (err: unknown, result: number) => void) => void };

let loaded: TrimFn | null | undefined;

function mallocTrim(): TrimFn | null {
  if (loaded !== undefined) return loaded;
  try {
    loaded = process.platform === 'linux' ? (koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as TrimFn) : null;
  } catch {
    loaded = null; // not glibc
  }
  return loaded;
}

/** Whether this process can give freed memory back with `malloc_trim` (Linux with glibc). */
export function canTrimMalloc(): boolean {
  return mallocTrim() !== null;
}

/** One `malloc_trim(0)` on libuv's pool; resolves to whether any memory was given back (false where unavailable). */
export function trimMalloc(): Promise<boolean> {
  const trim = mallocTrim();
  if (!trim) return Promise.resolve(false);
  return new Promise((resolve) => trim.async(0, (err, released) => resolve(!err && released === 1)));
}

const rssMb = () => process.memoryUsage.rss() / 1048576;

/**
 * Trims every `intervalMs` while the process's resident memory is at least `growthMb` above what the last trim left.
 * Answers a stop function. The timer never keeps the process alive.
 */
export function startMallocTrim(options: { logger?: Pick<Logger, 'debug'>; intervalMs?: number; growthMb?: number } = {}): () => void {
  const { logger, intervalMs = 30_000, growthMb = 16 } = options;
  if (!canTrimMalloc()) {
    logger?.debug('malloc_trim is not available here: freed memory stays with the allocator');
    return () => {};
  }
  let floor = rssMb();
  let running = false;
  const timer = setInterval(() => {
    if (running || rssMb() < floor + growthMb) return;
    running = true;
    const before = rssMb();
    void trimMalloc().then(() => {
      running = false;
      floor = rssMb();
      logger?.debug({ beforeMb: Math.round(before), afterMb: Math.round(floor) }, 'freed memory given back to the system');
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
