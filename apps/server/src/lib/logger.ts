import pino from 'pino';

/**
 * The process's logger: JSON lines on stdout, written asynchronously (a line costs the request no
 * system call; lines written meanwhile go out together, and whatever is buffered is flushed when the
 * process exits). Pretty output in development on a terminal.
 */
/** A pino logger; `dest` 1 (stdout, the server's) or 2 (stderr, for a command whose stdout is its answer). */
export function createLogger(level: string, pretty = false, dest: 1 | 2 = 1) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
  };
  if (pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  if (level === 'silent') return pino(options);
  return pino(options, pino.destination({ dest, sync: false }));
}
export type Logger = pino.Logger;
