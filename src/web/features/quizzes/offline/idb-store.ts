import { createStore, del, get, set } from 'idb-keyval';
import type { TQueueStore, TQueuedAnswer } from './answer-queue';

/**
 * The answer queue's storage: one IndexedDB database of its own, one entry per attempt. IndexedDB (not
 * localStorage) because it survives a full phone better, is written off the main thread, and keeps structured values.
 */
let store: ReturnType<typeof createStore> | undefined;
const db = () => (store ??= createStore('darsi-quizzes', 'answer-queue'));
const key = (attemptId: string) => `attempt:${attemptId}`;

export const idbQueueStore: TQueueStore = {
  read: (attemptId) => get<TQueuedAnswer[]>(key(attemptId), db()),
  write: (attemptId, items) => (items.length === 0 ? del(key(attemptId), db()) : set(key(attemptId), items, db())),
};
