/** One server-sent event as a browser's EventSource would see it (or a comment line). */
export interface SseMessage {
  event?: string;
  id?: string;
  data?: string;
  retry?: number;
  comment?: string;
}

/** Reads a `text/event-stream` response message by message, for tests. */
export function sseReader(res: Response) {
  if (!res.body) throw new Error('the response has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const queue: SseMessage[] = [];
  let buffer = '';
  let done = false;

  function parse() {
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const msg: SseMessage = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) msg.comment = line.slice(1).trim();
        else {
          const at = line.indexOf(':');
          const field = at < 0 ? line : line.slice(0, at);
          const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
          if (field === 'data') msg.data = msg.data === undefined ? value : `${msg.data}\n${value}`;
          else if (field === 'event') msg.event = value;
          else if (field === 'id') msg.id = value;
          else if (field === 'retry') msg.retry = Number(value);
        }
      }
      queue.push(msg);
    }
  }

  return {
    /** The next message that matches (earlier ones are skipped); throws after the timeout or at the end. */
    async next(match: (m: SseMessage) => boolean = () => true, timeoutMs = 5000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (queue.length) {
          const m = queue.shift()!;
          if (match(m)) return m;
        }
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching message in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)))]);
        clearTimeout(timer);
        if (chunk === 'timeout') continue;
        if (chunk.done) done = true;
        else buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
    },
    /** Resolves once the server ended the stream (messages still queued are dropped). */
    async ended(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!done) {
        try {
          await this.next(() => false, Math.max(1, deadline - Date.now()));
        } catch (err) {
          if (done) break;
          throw err;
        }
      }
    },
    /** Every message received so far (for looking at what came before the end). */
    take() {
      parse();
      return queue.splice(0);
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
