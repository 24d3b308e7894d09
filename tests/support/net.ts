import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/** A port nobody listens on, for a server (or a public host naming it) that must know its port before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Whether something accepts connections on this port. */
export const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(Boolean(socket.end())));
    socket.on('error', () => resolve(false));
  });

export type TRawReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw GET over a fresh socket, so that the Host header is ours to choose. */
export function rawGet(port: number, host: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<TRawReply>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers: { host, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
