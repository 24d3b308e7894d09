// Load generator for bench/landing.bench.ts, started pinned to the other CPU. Raw sockets with keep-alive:
// it writes a prepared request and counts the response's bytes, so the generator stays cheap.
// Closed loop (RATE unset): CONNECTIONS requests in flight, as fast as the server answers.
// Open loop (RATE set): requests are due at a fixed rate; latency counts from when each was due, so a
// slow server cannot hide its queue (no coordinated omission).
import net from 'node:net';

const port = Number(process.env.PORT);
// HOSTS: several Host headers (comma-separated), taken in turn by every request from a random start per connection,
// so that requests spread over all of them (1,000 teachers).
const hosts = (process.env.HOSTS ?? process.env.HOST_HEADER!).split(',');
const path = process.env.PATH_NAME ?? '/';
const connections = Number(process.env.CONNECTIONS ?? 32);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);
const warmupMs = Number(process.env.WARMUP_MS ?? 1_000);
const rate = process.env.RATE ? Number(process.env.RATE) : null;
const requests = hosts.map((host) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: darsi-bench\r\nAccept: text/html\r\n\r\n`));
// STAMPEDE_URL: no loop. Every connection is opened first, then this URL is fetched (the server's control port: what
// a teacher's save does to its cache), then every connection sends one request at once; latency from that moment.
const stampedeUrl = process.env.STAMPEDE_URL;

const latencies: number[] = [];
let completed = 0;
let total = 0;
let bytes = 0;
let errors = 0;
let measuring = false;
let stopped = false;
const queue: number[] = []; // due times (open loop)

type TConn = { socket: net.Socket; busy: boolean; started: number; headerBuf: Buffer; remaining: number; next: number };

function finish(conn: TConn) {
  const now = performance.now();
  total += 1;
  if (measuring) {
    completed += 1;
    latencies.push(now - conn.started);
  }
  conn.busy = false;
  dispatch(conn);
}

function send(conn: TConn, startedAt: number) {
  conn.busy = true;
  conn.started = startedAt;
  conn.headerBuf = Buffer.alloc(0);
  conn.remaining = -1;
  conn.next = (conn.next + 1) % requests.length;
  conn.socket.write(requests[conn.next]!);
}

function dispatch(conn: TConn) {
  if (stopped || conn.busy) return;
  if (rate === null) send(conn, performance.now());
  else if (queue.length > 0) send(conn, queue.shift()!);
}

function onData(conn: TConn, chunk: Buffer) {
  let data = chunk;
  while (data.length > 0) {
    if (conn.remaining < 0) {
      conn.headerBuf = Buffer.concat([conn.headerBuf, data]);
      const end = conn.headerBuf.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = conn.headerBuf.subarray(0, end).toString('latin1');
      if (!head.startsWith('HTTP/1.1 200')) errors += 1;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      bytes += length;
      data = conn.headerBuf.subarray(end + 4);
      conn.remaining = length;
    }
    const take = Math.min(conn.remaining, data.length);
    conn.remaining -= take;
    data = data.subarray(take);
    if (conn.remaining === 0) {
      finish(conn);
      if (data.length > 0) errors += 1; // nothing else may arrive before our next request
      return;
    }
  }
}

const conns: TConn[] = await Promise.all(
  Array.from(
    { length: connections },
    () =>
      new Promise<TConn>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(conn));
        const conn: TConn = { socket, busy: false, started: 0, headerBuf: Buffer.alloc(0), remaining: -1, next: Math.floor(Math.random() * requests.length) };
        socket.setNoDelay(true);
        socket.on('data', (c: Buffer) => onData(conn, c));
        socket.on('error', reject);
      }),
  ),
);

const t0 = performance.now();
if (stampedeUrl) {
  await fetch(stampedeUrl, { method: 'POST' }).then((r) => r.text());
  measuring = true;
  const at = performance.now();
  const done = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (completed < conns.length && performance.now() - at < 30_000) return;
      clearInterval(check);
      resolve();
    }, 1);
  });
  stopped = false;
  for (const c of conns) send(c, at);
  stopped = true; // one request per connection
  await done;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  process.stdout.write(JSON.stringify({ rps: 0, p50: pct(50), p99: pct(99), max: latencies.at(-1) ?? 0, completed, total, bytes, errors, backlog: 0 }));
  for (const c of conns) c.socket.destroy();
} else if (rate !== null) {
  const interval = 1_000 / rate;
  let next = t0;
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    while (next <= now) {
      queue.push(next);
      next += interval;
    }
    for (const c of conns) dispatch(c);
    setImmediate(tick);
  };
  tick();
} else {
  for (const c of conns) dispatch(c);
}
if (!stampedeUrl)
  setTimeout(() => {
    measuring = true;
    completed = 0;
    latencies.length = 0;
  }, warmupMs);
if (!stampedeUrl)
  setTimeout(() => {
    stopped = true;
    const seconds = durationMs / 1_000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    process.stdout.write(JSON.stringify({ rps: completed / seconds, p50: pct(50), p99: pct(99), completed, total, bytes, errors, backlog: queue.length }));
    for (const c of conns) c.socket.destroy();
  }, warmupMs + durationMs);
