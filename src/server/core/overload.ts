import type { MiddlewareHandler } from 'hono';
import { NOTIFICATION_STREAM_PATH } from '@shared/notifications';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { TErrorCode } from '@shared/errors';
import type { TOverloadClass, TOverloadSettings } from './config';
import { AppError } from './errors';
import type { TAppEnv } from './env';

/*
 * The overload guard (docs/decisions/111-overload-guard.md): admission control in front of the API, so that a
 * flood is answered at once (429 or 503 with Retry-After) instead of queuing until clients give up. Each route
 * class has its own number of requests in progress; a request beyond it waits in its class's queue only while
 * its wait stays short, measured CoDel-style:
 * - a request whose estimated wait (its place in the queue × the class's recent service time ÷ its limit) is
 *   longer than `maxWaitMs` is refused at once;
 * - a queue that has not been empty for a whole `maxWaitMs` is a standing queue (the class is overloaded, not
 *   bursting): new requests then wait at most a twentieth of it before they are refused;
 * - no request waits longer than `maxWaitMs` in any case.
 * The number of slots adapts to how long requests hold them (createGate). Independently, when the event loop lags
 * more than `maxLagMs` while a class is under pressure, new requests are refused with 503: the whole instance is
 * late, and a proxy should try another.
 */

/** Health is never refused (a proxy must see the instance); uploads stream for minutes and only obey the lag rule. */
type TRouteClass = TOverloadClass | 'exempt' | 'upload';

/** A standing queue's wait, as a share of maxWaitMs (Facebook's adaptive CoDel: 5 ms of a 100 ms interval). */
const STANDING_SHARE = 1 / 20;
const RETRY_AFTER_MAX_S = 30;
const JSON_TYPE = /^application\/(.+\+)?json/i;

/** The class of an API request, from its path and method only (core knows no domain's routes). */
export function routeClass(method: string, path: string, contentType: string | undefined): TRouteClass {
  if (path === '/api/health' || path.startsWith('/api/health/')) return 'exempt';
  // A notification stream stays open for hours: it would hold a read slot all that time (issue 26).
  if (path === NOTIFICATION_STREAM_PATH) return 'exempt';
  const write = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  // Files, receipts, images and tus chunks are sent as their own bytes, never as JSON.
  if (write && contentType !== undefined && !JSON_TYPE.test(contentType)) return 'upload';
  if (path.startsWith('/api/video/')) return 'video';
  if (path.startsWith('/api/auth/') || (write && path.startsWith('/api/accounts/'))) return 'auth';
  return write ? 'write' : 'read';
}

/** The event loop's delay, sampled by a timer that does not keep the process alive (one per process). */
function createLagMonitor(intervalMs = 100) {
  let lagMs = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = Math.max(0, now - last - intervalMs);
    last = now;
    // Up at once, down gently: one late tick is a fact, one punctual tick after a stall is not yet recovery.
    lagMs = late > lagMs ? late : lagMs * 0.7 + late * 0.3;
  }, intervalMs);
  timer.unref();
  return { lagMs: () => lagMs };
}
let processLag: ReturnType<typeof createLagMonitor> | undefined;
const lagMonitor = () => (processLag ??= createLagMonitor());

export type TShed = { code: Extract<TErrorCode, 'SERVER_BUSY' | 'SERVER_OVERLOADED'>; retryAfterS: number; reason: 'estimate' | 'timeout' | 'lag' };

const retryAfter = (ms: number) => Math.min(RETRY_AFTER_MAX_S, Math.max(1, Math.ceil(ms / 1000)));

/**
 * One class's slots and queue. The number of slots adapts (additive increase, multiplicative decrease, as TCP
 * does): a request that held its slot longer than `maxWaitMs` means the class runs more at once than the process
 * can finish in time (on the embedded database every query waits its turn on one thread), so the limit shrinks by a
 * tenth, down to 1; a quicker one lets it grow back by a quarter, up to the configured limit. `now` is injectable.
 */
export function createGate(maxLimit: number, maxWaitMs: number, now: () => number = () => performance.now()) {
  let limit = maxLimit;
  let inFlight = 0;
  let serviceMs = 0; // moving average of how long a request of this class holds its slot
  let lastEmpty = now();
  const queue: { resolve: (shed: TShed | null) => void; timer: NodeJS.Timeout }[] = [];

  const slots = () => Math.max(1, Math.floor(limit));
  const estimateMs = (position: number) => (position * serviceMs) / slots();
  function release(heldMs: number) {
    if (maxLimit === 0) return;
    serviceMs = serviceMs === 0 ? heldMs : serviceMs * 0.8 + heldMs * 0.2;
    limit = heldMs > maxWaitMs ? Math.max(1, limit * 0.9) : Math.min(maxLimit, limit + 0.25);
    inFlight -= 1;
    while (queue.length > 0 && inFlight < slots()) {
      const next = queue.shift()!;
      clearTimeout(next.timer);
      inFlight += 1;
      next.resolve(null);
    }
    if (queue.length === 0) lastEmpty = now();
  }
  /** Resolves with null once the request holds a slot, or with why it was refused. */
  function acquire(): Promise<TShed | null> | TShed | null {
    if (maxLimit === 0) return null;
    if (inFlight < slots() && queue.length === 0) {
      inFlight += 1;
      lastEmpty = now();
      return null;
    }
    const wait = estimateMs(queue.length + 1);
    if (wait > maxWaitMs) return { code: 'SERVER_BUSY', retryAfterS: retryAfter(wait), reason: 'estimate' };
    const standing = now() - lastEmpty > maxWaitMs;
    const timeoutMs = standing ? maxWaitMs * STANDING_SHARE : maxWaitMs;
    return new Promise((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          if (queue.length === 0) lastEmpty = now();
          resolve({ code: 'SERVER_BUSY', retryAfterS: retryAfter(Math.max(estimateMs(queue.length + 1), timeoutMs)), reason: 'timeout' });
        }, timeoutMs),
      };
      queue.push(entry);
    });
  }
  return {
    acquire,
    release,
    stats: () => ({ inFlight, queued: queue.length, serviceMs, limit: slots() }),
    /** At capacity or with a queue: the class is under pressure. */
    pressed: () => maxLimit > 0 && (queue.length > 0 || inFlight >= slots()),
  };
}

export type TGate = ReturnType<typeof createGate>;

/** Counters and gauges for /metrics (decision 073), on the app's registry. */
function overloadMetrics(registry: Registry | undefined, gates: Record<TOverloadClass, TGate>) {
  const shed = new Counter({
    name: 'darsi_overload_shed_total',
    help: 'API requests refused by the overload guard, by route class and reason (estimate, timeout, lag).',
    labelNames: ['class', 'reason'],
    registers: registry ? [registry] : [],
  });
  new Gauge({
    name: 'darsi_overload_requests',
    help: 'API requests in progress and waiting, and the current (adaptive) limit, by route class.',
    labelNames: ['class', 'state'],
    registers: registry ? [registry] : [],
    collect() {
      for (const [name, gate] of Object.entries(gates)) {
        const { inFlight, queued, limit } = gate.stats();
        this.set({ class: name, state: 'in_progress' }, inFlight);
        this.set({ class: name, state: 'waiting' }, queued);
        this.set({ class: name, state: 'limit' }, limit);
      }
    },
  });
  new Gauge({
    name: 'darsi_overload_event_loop_lag_seconds',
    help: 'Event-loop delay as the overload guard sees it (a moving value sampled every 100 ms).',
    registers: registry ? [registry] : [],
    collect() {
      this.set(lagMonitor().lagMs() / 1000);
    },
  });
  return shed;
}

/** The middleware, mounted on /api/* before any route. */
export function overloadGuard(settings: TOverloadSettings, registry?: Registry): MiddlewareHandler<TAppEnv> {
  const gates = Object.fromEntries(
    (Object.keys(settings.concurrency) as TOverloadClass[]).map((name) => [name, createGate(settings.concurrency[name], settings.maxWaitMs)]),
  ) as Record<TOverloadClass, TGate>;
  const shedTotal = overloadMetrics(registry, gates);
  const lag = settings.maxLagMs > 0 ? lagMonitor() : null;
  // A late loop with no class under pressure is the machine's doing (other programs on its cores), not a flood.
  const pressed = () => Object.values(gates).some((gate) => gate.pressed());

  return async (c, next) => {
    const kind = routeClass(c.req.method, c.req.path, c.req.header('content-type'));
    if (kind === 'exempt') return next();
    const refuse = (shed: TShed, name: string): never => {
      shedTotal.inc({ class: name, reason: shed.reason });
      c.header('Retry-After', String(shed.retryAfterS));
      throw new AppError(shed.code);
    };
    const lagMs = lag?.lagMs() ?? 0;
    if (lag && lagMs > settings.maxLagMs && pressed()) {
      refuse({ code: 'SERVER_OVERLOADED', retryAfterS: retryAfter(lagMs * 2), reason: 'lag' }, kind);
    }
    if (kind === 'upload') return next();
    const gate = gates[kind];
    const shed = await gate.acquire();
    if (shed) refuse(shed, kind);
    const started = performance.now();
    try {
      await next();
    } finally {
      gate.release(performance.now() - started);
    }
  };
}
