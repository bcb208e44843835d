/** One call's outcome in a batch: its value, or the error that call alone answers with. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * Group commit: calls that arrive while a batch is being written wait and go together in the next
 * one, so that under load many writes share one transaction and its statements, and a lone call
 * goes at once (after the current turn of the event loop, which lets the calls of one turn join).
 *
 * Calls with the same `keyOf` never share a batch: the later waits for the next, so that two
 * toggles of one mark apply one after the other, in the order they were made. `run` answers one
 * {@link Settled} per input, in order; if it throws, every call of the batch fails with its error.
 * Nothing is kept between batches: a process that stops loses only calls that have not answered.
 */
export function createGroupCommit<I, O>(opts: { max: number; keyOf: (input: I) => string; run: (inputs: I[]) => Promise<Settled<O>[]> }) {
  interface Waiting {
    input: I;
    key: string;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let writing = false;

  /** The next batch: the oldest call of each key, at most `max`; the others keep their order. */
  function take(): Waiting[] {
    const batch: Waiting[] = [];
    const keys = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of waiting) {
      if (batch.length < opts.max && !keys.has(w.key)) {
        keys.add(w.key);
        batch.push(w);
      } else rest.push(w);
    }
    waiting = rest;
    return batch;
  }

  async function drain() {
    writing = true;
    try {
      while (waiting.length) {
        const batch = take();
        let settled: Settled<O>[];
        try {
          settled = await opts.run(batch.map((w) => w.input));
        } catch (error) {
          settled = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((w, i) => {
          const s = settled[i] ?? { ok: false, error: new Error('group commit: no outcome for a call') };
          if (s.ok) w.resolve(s.value);
          else w.reject(s.error);
        });
      }
    } finally {
      writing = false;
    }
  }

  return {
    /** Queues the call; answers when its batch was written. */
    call(input: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ input, key: opts.keyOf(input), resolve, reject });
        if (waiting.length === 1 && !writing) setImmediate(() => void (writing ? undefined : drain()));
      });
    },
  };
}
