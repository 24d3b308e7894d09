// Load generator for bench/landing.bench.ts, started pinned to the other CPU. Raw sockets with keep-alive:
// it writes a prepared request and counts the response's bytes, so the generator stays cheap.
// Closed loop (RATE unset): CONNECTIONS requests in flight, as fast as the server answers.
// Open loop (RATE set): requests are due at a fixed rate; latency counts from when each was due, so a
// slow server cannot hide its queue (no coordinated omission).
import net from 'node:net';

const port = Number(process.env.PORT);
const host = process.env.HOST_HEADER!;
const path = process.env.PATH_NAME ?? '/';
const connections = Number(process.env.CONNECTIONS ?? 32);
const durationMs = Number(process.env.DURATION_MS ?? 5_000);
const warmupMs = Number(process.env.WARMUP_MS ?? 1_000);
const rate = process.env.RATE ? Number(process.env.RATE) : null;
const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: darsi-bench\r\nAccept: text/html\r\n\r\n`);

const latencies: number[] = [];
let completed = 0;
let errors = 0;
let measuring = false;
let stopped = false;
const queue: number[] = []; // due times (open loop)

type TConn = { socket: net.Socket; busy: boolean; started: number; headerBuf: Buffer; remaining: number };

function finish(conn: TConn) {
  const now = performance.now();
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
  conn.socket.write(request);
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
        const conn: TConn = { socket, busy: false, started: 0, headerBuf: Buffer.alloc(0), remaining: -1 };
        socket.setNoDelay(true);
        socket.on('data', (c: Buffer) => onData(conn, c));
        socket.on('error', reject);
      }),
  ),
);

const t0 = performance.now();
if (rate !== null) {
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
setTimeout(() => {
  measuring = true;
  completed = 0;
  latencies.length = 0;
}, warmupMs);
setTimeout(() => {
  stopped = true;
  const seconds = durationMs / 1_000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  process.stdout.write(JSON.stringify({ rps: completed / seconds, p50: pct(50), p99: pct(99), completed, errors, backlog: queue.length }));
  for (const c of conns) c.socket.destroy();
}, warmupMs + durationMs);
