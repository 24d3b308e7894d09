import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { CookieJar } from 'tough-cookie';
import { freePort } from '../support/net';
import { NGINX, startNginx } from '../support/nginx';

/*
 * What the two-instance test needs besides the server: a fresh database on the PostgreSQL server, a reverse proxy
 * in front of two instances (nginx from Debian, or a small Node proxy where nginx is not installed), and a client
 * with a cookie jar that can name the Host and pick the instance. The proxy sends a request to instance B when it
 * carries `x-darsi-instance: b`, else to A, so that a test can alternate between them on purpose.
 */
export const ADMIN_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `darsi_cluster_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`).catch((error: Error) => {
    throw new Error(`the cluster tests need a PostgreSQL server (TEST_DATABASE_URL or DATABASE_URL, else ${ADMIN_URL}): ${error.message}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** What nginx's http block holds: instance B for requests that ask for it, A for the rest. */
function proxyConf(port: number, a: number, b: number): string {
  return `  upstream darsi_a { server 127.0.0.1:${a}; keepalive 8; }
  upstream darsi_b { server 127.0.0.1:${b}; keepalive 8; }
  map $http_x_darsi_instance $darsi_upstream { default darsi_a; b darsi_b; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    location / {
      proxy_pass http://$darsi_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }`;
}

/** nginx (or the Node stand-in) on a free port; resolves once it accepts connections. */
export async function startProxy(dir: string, a: number, b: number): Promise<{ port: number; kind: 'nginx' | 'node'; stop: () => void }> {
  const port = await freePort();
  if (fs.existsSync(NGINX)) return { port, kind: 'nginx', ...(await startNginx(dir, port, proxyConf(port, a, b))) };
  const server = http.createServer((req, res) => {
    const target = req.headers['x-darsi-instance'] === 'b' ? b : a;
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, kind: 'node', stop: () => server.close() };
}

export type TReply = { status: number; headers: http.IncomingHttpHeaders; text: string; json: () => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A browser-like client through the proxy: its own cookie jar and client address, the Origin of the page. */
export function client(proxyPort: number, ip: string) {
  const jar = new CookieJar();
  async function send(instance: 'a' | 'b', method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<TReply> {
    const full = new URL(url);
    const cookie = await jar.getCookieString(full.toString());
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      host: full.host,
      origin: full.origin,
      'x-forwarded-for': ip,
      'x-darsi-instance': instance,
      ...(cookie ? { cookie } : {}),
      ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
      ...(payload ? { 'content-length': String(payload.length) } : {}),
      ...extra,
    };
    const reply = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: proxyPort, method, path: full.pathname + full.search, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(payload);
    });
    for (const setCookie of [reply.headers['set-cookie'] ?? []].flat()) await jar.setCookie(setCookie, full.toString());
    return { ...reply, json: () => JSON.parse(reply.text) };
  }
  return { send };
}
