import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue, type TQueueStore, type TQueuedAnswer, type TSendResult } from './answer-queue';

function memoryStore(initial: Record<string, TQueuedAnswer[]> = {}) {
  const data = new Map(Object.entries(initial));
  const store: TQueueStore = {
    read: async (id) => data.get(id),
    write: async (id, items) => void data.set(id, items),
  };
  return { store, data };
}

/** A fake server: counts each client id once, like the API does. */
function fakeServer() {
  const kept = new Map<string, TQueuedAnswer>();
  const calls: string[][] = [];
  let mode: TSendResult | 'throw' = 'sent';
  const send = vi.fn(async (items: TQueuedAnswer[]): Promise<TSendResult> => {
    calls.push(items.map((i) => i.clientId));
    if (mode === 'throw') throw new TypeError('Failed to fetch');
    if (mode !== 'sent') return mode;
    for (const i of items) if (!kept.has(i.clientId)) kept.set(i.clientId, i);
    return 'sent';
  });
  return { send, kept, calls, set: (m: TSendResult | 'throw') => (mode = m) };
}

let n = 0;
const newId = () => `c${++n}`;

beforeEach(() => {
  n = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('AnswerQueue', () => {
  it('stores each change at once and sends after the pause in typing, in one batch, in order', async () => {
    const { store, data } = memoryStore();
    const server = fakeServer();
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, debounceMs: 500, newId });
    await q.start();
    await q.change('q1', '2');
    await q.change('q1', '2x');
    await q.change('q2', 7);
    expect(data.get('a1')?.map((i) => i.value)).toEqual(['2', '2x', 7]);
    expect(q.current).toBe('pending');
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(server.calls).toEqual([['c1', 'c2', 'c3']]);
    expect(q.current).toBe('saved');
    expect(data.get('a1')).toEqual([]);
  });

  it('keeps answers while offline, retries later and replays them in order when the network returns', async () => {
    const { store, data } = memoryStore();
    const server = fakeServer();
    const statuses: string[] = [];
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, debounceMs: 100, retryMs: 1000, newId });
    q.subscribe((s) => statuses.push(s));
    server.set('throw');
    await q.change('q1', 'x+1');
    await vi.advanceTimersByTimeAsync(100);
    expect(q.current).toBe('offline');
    await q.change('q2', 3.5);
    await vi.advanceTimersByTimeAsync(100);
    expect(q.current).toBe('offline');
    expect(data.get('a1')?.map((i) => i.clientId)).toEqual(['c1', 'c2']);
    server.set('sent');
    await q.online();
    expect(q.current).toBe('saved');
    expect([...server.kept.keys()]).toEqual(['c1', 'c2']);
    expect(statuses).toContain('offline');
    expect(statuses.at(-1)).toBe('saved');
  });

  it('backs off while offline, doubling the wait up to the maximum', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    server.set('offline');
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, debounceMs: 10, retryMs: 100, maxRetryMs: 300, newId });
    await q.change('q1', 1);
    await vi.advanceTimersByTimeAsync(10);
    expect(server.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(300);
    expect(server.send).toHaveBeenCalledTimes(4);
    q.close();
  });

  it('a reopened page sends what the last visit left, before new changes, and shows those values', async () => {
    const left: TQueuedAnswer[] = [{ clientId: 'old1', questionId: 'q1', value: '2(x+1)', seq: 5_000 }];
    const { store, data } = memoryStore({ a1: left });
    const server = fakeServer();
    server.set('offline');
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, newId, now: () => 10 });
    await q.start();
    expect(q.pendingValues().get('q1')).toBe('2(x+1)');
    expect(q.current).toBe('offline');
    await q.change('q2', 'B');
    expect(data.get('a1')?.map((i) => i.clientId)).toEqual(['old1', 'c1']);
    // The new change's seq comes after the stored one even if this phone's clock went back.
    expect(data.get('a1')?.[1]?.seq).toBeGreaterThan(5_000);
    server.set('sent');
    await q.flush();
    expect(server.calls.at(-1)).toEqual(['old1', 'c1']);
    q.close();
  });

  it('a batch sent again after a lost reply is counted once by its client ids', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    // The first send reaches the server but the reply is lost: the queue sees a network failure.
    server.send.mockImplementationOnce(async (items) => {
      for (const i of items) server.kept.set(i.clientId, i);
      throw new TypeError('reply lost');
    });
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, newId });
    await q.change('q1', 4);
    await q.flush();
    expect(q.current).toBe('offline');
    await q.online();
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.kept.size).toBe(1);
    expect(q.current).toBe('saved');
  });

  it('sends long queues in batches, and changes made during a send go in the next one', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, batchSize: 2, newId });
    for (let i = 0; i < 5; i++) await q.change(`q${i}`, i);
    await q.flush();
    expect(server.calls).toEqual([['c1', 'c2'], ['c3', 'c4'], ['c5']]);
    expect(q.size).toBe(0);
  });

  it('drops what the server refuses for good (after the deadline) and says so', async () => {
    const { store, data } = memoryStore();
    const server = fakeServer();
    server.set('refused');
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, newId });
    await q.change('q1', 1);
    await q.flush();
    expect(q.current).toBe('refused');
    expect(data.get('a1')).toEqual([]);
  });

  it('gives every change a growing seq, also within one millisecond', async () => {
    const { store, data } = memoryStore();
    const server = fakeServer();
    server.set('offline');
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, newId, now: () => 1_000 });
    await q.change('q1', 'a');
    await q.change('q1', 'b');
    expect(data.get('a1')?.map((i) => i.seq)).toEqual([1_000, 1_001]);
    q.close();
  });

  it('two flushes at once send each change once', async () => {
    const { store } = memoryStore();
    const server = fakeServer();
    const q = new AnswerQueue({ attemptId: 'a1', store, send: server.send, newId });
    await q.change('q1', 1);
    await Promise.all([q.flush(), q.flush(), q.online()]);
    expect(server.calls).toEqual([['c1']]);
  });
});
