import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { notFound } from '../lib/errors';
import type { Mailer } from './mailer';
import { outboxPage } from './outbox-page';

/** The address a request came from, as the server sees it. */
export type AddressResolver = (c: Context) => string | null;

/** The socket's peer address: never a header (X-Forwarded-For is whatever the client says). */
export const socketAddress: AddressResolver = (c) => {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // an in-process request has no socket
  }
};

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A Host header naming this machine: `localhost`, 127.x.y.z or [::1], any port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return hostname === 'localhost' || hostname === '[::1]' || isLoopback(hostname);
}

/** Headers a reverse proxy adds: a request that passed one did not start on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * A page only this machine may read: a request that comes from the loopback interface, names a
 * loopback host (so a page on another site cannot read it through DNS rebinding) and did not pass a
 * proxy gets it; to anyone else the path does not exist. With `behindProxy` (TRUST_PROXY) every
 * request may have come through the proxy: never served.
 */
export function localOnlyRouter(opts: { behindProxy: boolean; remoteAddress?: AddressResolver; page: () => Promise<string> }) {
  const remoteAddress = opts.remoteAddress ?? socketAddress;
  const router = new Hono();
  router.get('/', async (c) => {
    const local =
      !opts.behindProxy &&
      isLoopback(remoteAddress(c)) &&
      isLoopbackHost(c.req.header('host')) &&
      !FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined);
    if (!local) throw notFound(`No route for ${c.req.method} ${c.req.path}`);
    c.header('Cache-Control', 'no-store');
    return c.html(await opts.page());
  });
  return router;
}

/**
 * GET /dev/outbox while no SMTP is configured: the mails (sign-in links among them) the server would
 * have sent, for a person trying Curio on their own machine; only this machine sees it (localOnlyRouter).
 */
export function outboxRouter(opts: { mailer: Mailer; appName: string; behindProxy: boolean; remoteAddress?: AddressResolver }) {
  return localOnlyRouter({ ...opts, page: async () => outboxPage(await opts.mailer.outbox(), opts.appName) });
}
