// A small load generator for the reliability scripts: keep-alive HTTP with any Host header, a closed loop to
// find the rate the server sustains, and an open loop (requests due at a fixed rate, whatever the answers) for
// spikes. Statuses are counted by class; a request the server never answered (reset, 10 s timeout) counts as
// "no answer". A 503 with Retry-After is the overload guard's refusal (decision 111) and is counted apart from
// other 5xx ("503").
import fs from 'node:fs';
import http from 'node:http';

// No limit on sockets: with a cap (256 until issue 23's re-run) requests queued inside the generator, waited
// there for a socket and were counted as the server's "no answer" — the generator hit its own cap, not Darsi.
// Each request in flight has its own connection, kept alive for the next; the open loop's `cap` bounds them.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1_024 });

/** One request; resolves with the status (0: no answer), whether it said when to retry, and the milliseconds it took. */
export function hit(port, { method = 'GET', path = '/', headers = {}, body } = {}, timeoutMs = 10_000) {
  const started = performance.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] !== undefined, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    // A hard deadline from the moment the request was due (the socket's `timeout` only measures silence).
    const deadline = setTimeout(() => req.destroy(), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    if (payload) req.write(payload);
    req.end();
  });
}

const classOf = (status, retryAfter) =>
  status === 0 ? 'none' : status === 429 ? '429' : status === 503 && retryAfter ? '503' : status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx';
const emptyCounts = () => ({ '2xx': 0, '4xx': 0, 429: 0, 503: 0, '5xx': 0, none: 0 });

/** As many requests as the server answers with `concurrency` in flight, for `ms`: the sustainable rate. */
export async function closedLoop(port, make, { concurrency = 8, ms = 8_000 } = {}) {
  const counts = emptyCounts();
  const end = Date.now() + ms;
  let served = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const r = await hit(port, make());
        counts[classOf(r.status, r.retryAfter)] += 1;
        if (r.status > 0 && r.status < 500) served += 1;
      }
    }),
  );
  return { rate: served / (ms / 1000), counts };
}

/**
 * Requests due at `rate` a second for `ms`, sent whatever the server does (at most `cap` in flight: 8,000, far
 * above what 5× a sustainable rate keeps in flight for 10 s, and below the 20,000 open files a process may have).
 */
export async function openLoop(port, make, { rate, ms, cap = 8_000 }) {
  const counts = emptyCounts();
  const latencies = [];
  const pending = new Set();
  const started = performance.now();
  let sent = 0;
  let dropped = 0;
  while (performance.now() - started < ms) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due) {
      sent += 1;
      if (pending.size >= cap) {
        dropped += 1;
        continue;
      }
      const p = hit(port, make()).then((r) => {
        counts[classOf(r.status, r.retryAfter)] += 1;
        latencies.push(r.ms);
        pending.delete(p);
      });
      pending.add(p);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const pct = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]) : NaN);
  return { sent, dropped, counts, p50: pct(0.5), p99: pct(0.99) };
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
