import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap, type TJson } from '@web/lib/api';

const n = api.notifications;

/** Every notifications query starts with 'notifications' (the bell's count too, lib/notifications.ts). */
export const notificationKeys = { all: ['notifications'] as const };

export const notificationsQuery = queryOptions({ queryKey: ['notifications', 'list'], queryFn: () => unwrap(n.$get({ query: {} })), staleTime: 0 });
export const olderNotifications = (before: string) => unwrap(n.$get({ query: { before } }));
export const preferencesQuery = queryOptions({
  queryKey: ['notifications', 'preferences'],
  queryFn: () => unwrap(n.preferences.$get()).then((r) => r.preferences),
  staleTime: 0,
});

export const markRead = (id: string) => unwrap(n[':id'].read.$post({ param: { id } }));
export const markAllRead = () => unwrap(n['read-all'].$post());
export const savePreference = (json: TJson<typeof n.preferences.$put>) => unwrap(n.preferences.$put({ json }));

export type TNotificationItem = InferResponseType<typeof n.$get, 200>['items'][number];
export type TPreferenceRow = InferResponseType<typeof n.preferences.$get, 200>['preferences'][number];

export const pushQuery = queryOptions({ queryKey: ['notifications', 'push'], queryFn: () => unwrap(n.push.$get({ query: {} })), staleTime: 0 });
/** With this browser's endpoint: whose device it is too (mine, another person's, none), for push-renewal.ts. */
export const pushStatusFor = (endpoint: string) => unwrap(n.push.$get({ query: { endpoint } }));
export const subscribePush = (json: TJson<typeof n.push.subscribe.$post>) => unwrap(n.push.subscribe.$post({ json }));
export const unsubscribePush = (endpoint: string) => unwrap(n.push.unsubscribe.$post({ json: { endpoint } }));
