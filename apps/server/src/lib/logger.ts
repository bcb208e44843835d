import pino from 'pino';

export function createLogger(level: string, pretty = false) {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, ignore: 'pid,hostname' } } } : {}),
  });
}
export type Logger = pino.Logger;
