import pino from 'pino';

/**
 * The process's logger: JSON lines on stdout, written asynchronously (a line costs the request no
 * system call; lines written meanwhile go out together, and whatever is buffered is flushed when the
 * process exits). Pretty output in development on a terminal.
 */
export function createLogger(level: string, pretty = false) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
  };
  if (pretty) return pino({ ...options, transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } });
  if (level === 'silent') return pino(options);
  return pino(options, pino.destination({ dest: 1, sync: false }));
}
export type Logger = pino.Logger;
