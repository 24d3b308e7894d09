import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useDateFormat } from '@web/lib/format';
import { markAllRead, markRead, notificationKeys, notificationsQuery, olderNotifications, type TNotificationItem } from './api';

/** A student's link stays in the platform they are on (or goes to the one the notice came from). */
function useLinkOf() {
  const { subdomain } = useParams();
  return (item: TNotificationItem) => {
    if (!item.link) return null;
    if (!item.link.startsWith('/student/')) return item.link;
    const platform = subdomain ?? item.platform;
    return platform && !window.location.hostname.startsWith(`${platform}.`) ? `/platform/${platform}${item.link}` : item.link;
  };
}

function Row({ item, onOpen }: { item: TNotificationItem; onOpen: (id: string) => void }) {
  const { t } = useTranslation('notifications');
  const date = useDateFormat();
  const link = useLinkOf()(item);
  const text = t(`kinds.${item.kind}.body`, { ...item.params });
  const unread = item.readAt === null;
  return (
    <li data-testid="notification-item" data-unread={unread} className={unread ? 'bg-primary-50/60 p-4' : 'p-4'}>
      <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
        {t(`kinds.${item.kind}.title`, { ...item.params })}
        {unread && <Badge tone="blue">{t('page.unreadBadge')}</Badge>}
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-gray-700">{text}</p>
      <p className="mt-1 flex flex-wrap items-center gap-3 text-xs text-gray-500">
        <time dateTime={item.createdAt}>{date(item.createdAt)}</time>
        {link && (
          <Link to={link} onClick={() => onOpen(item.id)} className="font-semibold text-primary-700 underline">
            {t('page.open')}
          </Link>
        )}
      </p>
    </li>
  );
}

export function NotificationList() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const list = useQuery(notificationsQuery);
  const [older, setOlder] = useState<TNotificationItem[]>([]);
  const [more, setMore] = useState<boolean | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const readOne = useMutation({ mutationFn: markRead, onSuccess: refresh });
  const readAll = useMutation({ mutationFn: markAllRead, onSuccess: refresh });
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <QueryError query={list} />;
  const items = [...list.data.items, ...older];
  const hasMore = more ?? list.data.more;
  const loadOlder = async () => {
    const page = await olderNotifications(items.at(-1)!.createdAt);
    setOlder((o) => [...o, ...page.items]);
    setMore(page.more);
  };
  return (
    <section aria-labelledby="notifications-list" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-list" className="text-lg font-bold text-gray-900">
          {t('page.title')}
        </h2>
        {list.data.unread > 0 && (
          <Button variant="secondary" size="sm" busy={readAll.isPending} onClick={() => readAll.mutate()} data-testid="mark-all-read">
            {t('page.markAll')}
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState title={t('page.empty')} testId="notifications-empty" />
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white">
          {items.map((item) => (
            <Row key={item.id} item={item} onOpen={(id) => readOne.mutate(id)} />
          ))}
        </ul>
      )}
      {hasMore && (
        <Button variant="ghost" onClick={() => void loadOlder()}>
          {t('page.more')}
        </Button>
      )}
    </section>
  );
}
