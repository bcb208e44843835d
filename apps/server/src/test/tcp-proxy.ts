import net from 'node:net';

/**
 * A TCP proxy between the app and a service (PostgreSQL, the object store) that a test can cut:
 * `cut()` drops every open connection and refuses new ones, `restore()` accepts them again on the
 * same port. The real service is never touched (others may be using it).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        sockets.add(client);
        sockets.add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones until restore(). */
    async cut() {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (s) await new Promise<void>((r) => s.close(() => r()));
    },
    restore: () => listen(),
    close() {
      return this.cut();
    },
  };
}
