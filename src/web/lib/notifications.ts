import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATION_STREAM_PATH } from '@shared/notifications';
import { api, unwrap } from './api';
import { currentClientInfo } from './client-info';

/*
 * The bell's unread count in every signed-in area (issue 26): pushed by the server's event stream, which the
 * browser reconnects by itself; the minute's poll is the fallback when a proxy or an old browser keeps the
 * stream from working. The notifications feature's screens invalidate the same key.
 */
export const UNREAD_KEY = ['notifications', 'unread'] as const;
const POLL_MS = 60_000;

export function useUnreadNotifications(): number {
  const client = useQueryClient();
  const unread = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => unwrap(api.notifications.unread.$get()).then((r) => r.unread),
    refetchInterval: POLL_MS,
    staleTime: 10_000,
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    const connect = () => {
      source = new EventSource(NOTIFICATION_STREAM_PATH);
      source.addEventListener('unread', (event) => {
        const count = Number((event as MessageEvent<string>).data);
        if (!Number.isFinite(count)) return;
        if (count !== client.getQueryData(UNREAD_KEY)) void client.invalidateQueries({ queryKey: ['notifications'] });
        client.setQueryData(UNREAD_KEY, count);
      });
    };
    const disconnect = () => {
      source?.close();
      source = null;
    };
    // Spec §7: a phone holds no live connection it is not using. Hidden, the stream closes; shown again, it reopens
    // and the count is read once (decision 123, amended).
    const onVisibility = () => {
      if (document.hidden) return disconnect();
      if (source) return;
      connect();
      void client.invalidateQueries({ queryKey: UNREAD_KEY });
    };
    const phone = currentClientInfo() !== 'web';
    connect();
    if (phone) document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      disconnect();
    };
  }, [client]);
  return unread.data ?? 0;
}
