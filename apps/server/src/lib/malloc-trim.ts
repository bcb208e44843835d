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

type MallinfoFn = { async: (callback: (err: unknown, info: { fordblks: number | bigint }) => void) => void };

let mallinfo: MallinfoFn | null | undefined;

/** glibc's `mallinfo2` (2.33 and later): what the allocator holds, of it `fordblks` bytes free. */
function mallinfo2(): MallinfoFn | null {
  if (mallinfo !== undefined) return mallinfo;
  try {
    const size = 'size_t';
    koffi.struct('curio_mallinfo2', {
      arena: size,
      ordblks: size,
      smblks: size,
      hblks: size,
      hblkhd: size,
      usmblks: size,
      fsmblks: size,
      uordblks: size,
      fordblks: size,
      keepcost: size,
    });
    mallinfo = mallocTrim() ? (koffi.load('libc.so.6').func('curio_mallinfo2 mallinfo2(void)') as MallinfoFn) : null;
  } catch {
    mallinfo = null; // an older glibc
  }
  return mallinfo;
}

/** The memory the allocator holds free, in MB (read on libuv's pool), or null where glibc cannot say. */
export function mallocFreeMb(): Promise<number | null> {
  const info = mallinfo2();
  if (!info) return Promise.resolve(null);
  return new Promise((resolve) => info.async((err, result) => resolve(err ? null : Number(result.fordblks) / 1048576)));
}

const rssMb = () => process.memoryUsage.rss() / 1048576;

/**
 * Every `intervalMs`, trims when the allocator's free memory has grown by `freeMb` over the least it held since the
 * last trim (glibc's `mallinfo2`; where it cannot say, when the process's resident memory is that much above what the
 * last trim left). Free memory decides, not the process's growth: after a busy spell the process shrinks (the
 * JavaScript heap gives its pages back) while the allocator still holds what was freed, and a rule of growth since the
 * last trim, taken at the peak, never trimmed again (63 MB left in the main arena after the morning's workload). A
 * trim leaves its chunks counted as free (their pages are returned, not the chunks), hence the growth over the least.
 * Answers a stop function. The timer never keeps the process alive.
 */
export function startMallocTrim(options: { logger?: Pick<Logger, 'debug'>; intervalMs?: number; freeMb?: number } = {}): () => void {
  const { logger, intervalMs = 30_000, freeMb = 16 } = options;
  if (!canTrimMalloc()) {
    logger?.debug('malloc_trim is not available here: freed memory stays with the allocator');
    return () => {};
  }
  let floor = rssMb();
  // Nothing trimmed yet: all the free memory counts.
  let leastFree = 0;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        const free = await mallocFreeMb();
        if (free !== null) leastFree = Math.min(leastFree, free);
        const due = free === null ? rssMb() >= floor + freeMb : free >= leastFree + freeMb;
        if (!due) return;
        const before = rssMb();
        await trimMalloc();
        floor = rssMb();
        leastFree = (await mallocFreeMb()) ?? 0;
        logger?.debug({ beforeMb: Math.round(before), afterMb: Math.round(floor) }, 'freed memory given back to the system');
      } finally {
        running = false;
      }
    })();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
