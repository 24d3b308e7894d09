import { useCallback, useEffect, useState } from 'react';
import { AnswerQueue, type TQueueStatus, type TQueuedAnswer, type TSendResult } from './answer-queue';
import { idbQueueStore } from './idb-store';

/**
 * The answer queue of one attempt for a screen: started on mount (sending what a previous visit left), told when the
 * browser goes on- or offline, closed on unmount. `status` drives the saved/pending/offline indicator.
 */
export function useAnswerQueue(attemptId: string, send: (items: TQueuedAnswer[]) => Promise<TSendResult>) {
  const [queue] = useState(() => new AnswerQueue({ attemptId, store: idbQueueStore, send }));
  const [status, setStatus] = useState<TQueueStatus>(() => (navigator.onLine ? queue.current : 'offline'));
  const [restored, setRestored] = useState<Map<string, unknown> | null>(null);

  useEffect(() => {
    const off = queue.subscribe(setStatus);
    void queue.start().then(() => setRestored(queue.pendingValues()));
    // The browser's own offline flag is shown at once; back online, the queue's state is shown again (even with nothing to send).
    const online = () => void queue.online().then(() => setStatus(queue.current));
    const offline = () => setStatus('offline');
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      off();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      queue.close();
    };
  }, [queue]);

  const change = useCallback((questionId: string, value: unknown) => void queue.change(questionId, value), [queue]);
  const flush = useCallback(() => queue.flush(), [queue]);
  return { status, change, flush, restored, pending: () => queue.size };
}
