// A TCP relay on 127.0.0.1 between one client and one server, so the recorder can cut the link
// without touching the host's firewall: while cut, bytes in both directions are dropped (a
// black hole, as a partition looks to both ends) and new connections are held unanswered.

import { createServer, connect, type Server, type Socket } from 'node:net';

export interface Link {
  port: number;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

/** Relays 127.0.0.1:<returned port> to 127.0.0.1:`target`. */
export function startLink(target: number): Promise<Link> {
  let isCut = false;
  const sockets = new Set<Socket>();
  /** Closes that happened while cut: a partition does not carry a FIN either; they land on heal. */
  const deferred: (() => void)[] = [];
  const server: Server = createServer((downstream) => {
    sockets.add(downstream);
    const upstream = connect(target, '127.0.0.1');
    sockets.add(upstream);
    const end = (): void => {
      if (isCut) return void deferred.push(end);
      downstream.destroy();
      upstream.destroy();
      sockets.delete(downstream);
      sockets.delete(upstream);
    };
    downstream.on('data', (d) => void (isCut || upstream.write(d)));
    upstream.on('data', (d) => void (isCut || downstream.write(d)));
    for (const s of [downstream, upstream]) {
      s.on('error', () => end());
      s.on('close', () => end());
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      if (typeof addr !== 'object' || !addr) return reject(new Error('link: no address'));
      resolve({
        port: addr.port,
        cut: () => void (isCut = true),
        heal: () => {
          isCut = false;
          for (const f of deferred.splice(0)) f();
        },
        close: () =>
          new Promise((r) => {
            isCut = false;
            for (const s of sockets) s.destroy();
            server.close(() => r());
          }),
      });
    });
  });
}
