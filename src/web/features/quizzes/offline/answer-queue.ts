/**
 * The answers of one attempt on their way to the server (issue 25): every change is written to the browser's
 * storage at once, then sent in order, in batches, after a short pause in typing. Each change carries a client id
 * the server records, so a batch sent twice (the answer arrived but the reply was lost) counts once. When the
 * network drops, the changes wait in storage and go out, still in order, when it returns or when the page is
 * opened again.
 */

/** `seq` only grows on this device (a clock reading, bumped when two changes share a millisecond): the highest wins. */
export type TQueuedAnswer = { clientId: string; questionId: string; value: unknown; seq: number };

/** Where the queue survives a reload: IndexedDB in the browser (idb-store.ts), a Map in tests. */
export type TQueueStore = {
  read(attemptId: string): Promise<TQueuedAnswer[] | undefined>;
  write(attemptId: string, items: TQueuedAnswer[]): Promise<void>;
};

/**
 * What a send may end in: 'sent' (the server kept them), 'offline' (no answer: keep them and try later),
 * 'refused' (the server will never take them, e.g. after the deadline: drop them and say so).
 */
export type TSendResult = 'sent' | 'offline' | 'refused';

export type TQueueStatus = 'saved' | 'saving' | 'pending' | 'offline' | 'refused';

type TOptions = {
  attemptId: string;
  store: TQueueStore;
  send: (items: TQueuedAnswer[]) => Promise<TSendResult>;
  /** Quiet time after the last change before a send. */
  debounceMs?: number;
  /** First wait before trying again while offline; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  batchSize?: number;
  newId?: () => string;
  now?: () => number;
};

export class AnswerQueue {
  private items: TQueuedAnswer[] = [];
  private status: TQueueStatus = 'saved';
  private listeners = new Set<(s: TQueueStatus) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> | undefined;
  private writes: Promise<void> = Promise.resolve();
  private retryMs: number;
  private lastSeq = 0;
  private closed = false;
  private readonly o: Required<TOptions>;

  constructor(options: TOptions) {
    this.o = {
      debounceMs: 800,
      retryMs: 2000,
      maxRetryMs: 30_000,
      batchSize: 50,
      newId: () => crypto.randomUUID(),
      now: () => Date.now(),
      ...options,
    };
    this.retryMs = this.o.retryMs;
  }

  /** Reads what an earlier visit left unsent and sends it. */
  async start(): Promise<void> {
    this.closed = false;
    const stored = (await this.o.store.read(this.o.attemptId)) ?? [];
    // Changes made before the stored ones were read come after them.
    this.items = [...stored, ...this.items];
    this.lastSeq = Math.max(this.lastSeq, ...this.items.map((i) => i.seq));
    if (this.items.length > 0) {
      this.setStatus('pending');
      await this.flush();
    }
  }

  /** The latest unsent value per question, to show over the server's copy when the page is reopened. */
  pendingValues(): Map<string, unknown> {
    return new Map(this.items.map((i) => [i.questionId, i.value]));
  }

  get current(): TQueueStatus {
    return this.status;
  }

  get size(): number {
    return this.items.length;
  }

  subscribe(listener: (s: TQueueStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A change to one answer: stored now, sent after the pause. */
  change(questionId: string, value: unknown): Promise<void> {
    this.lastSeq = Math.max(this.o.now(), this.lastSeq + 1);
    this.items.push({ clientId: this.o.newId(), questionId, value, seq: this.lastSeq });
    if (this.status !== 'offline') this.setStatus('pending');
    const written = this.persist();
    this.schedule(this.o.debounceMs);
    return written;
  }

  /** Sends everything now (before a submit, or when the network returns); resolves once the queue is idle. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (this.items.length === 0 || this.closed) return;
    this.flushing = this.run().finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  /** The browser says the network is back: try at once, from the first wait again. */
  online(): Promise<void> {
    this.retryMs = this.o.retryMs;
    return this.flush();
  }

  /** Stops the timers (the page is left); what is unsent stays in storage. start() resumes. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  private async run(): Promise<void> {
    this.setStatus('saving');
    while (this.items.length > 0) {
      const batch = this.items.slice(0, this.o.batchSize);
      let result: TSendResult;
      try {
        result = await this.o.send(batch);
      } catch {
        result = 'offline';
      }
      if (result === 'offline') {
        this.setStatus('offline');
        this.schedule(this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, this.o.maxRetryMs);
        return;
      }
      const sent = new Set(batch.map((b) => b.clientId));
      this.items = this.items.filter((i) => !sent.has(i.clientId));
      await this.persist();
      if (result === 'refused') {
        this.items = [];
        await this.persist();
        this.setStatus('refused');
        return;
      }
      this.retryMs = this.o.retryMs;
    }
    this.setStatus('saved');
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  /** Writes one after another, each the whole list as it is then, so the last write always wins. */
  private persist(): Promise<void> {
    this.writes = this.writes.then(() => this.o.store.write(this.o.attemptId, [...this.items]).catch(() => undefined));
    return this.writes;
  }

  private setStatus(s: TQueueStatus): void {
    if (s === this.status) return;
    this.status = s;
    for (const l of this.listeners) l(s);
  }
}
