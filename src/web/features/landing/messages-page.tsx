import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cx } from '@web/lib/cx';
import { QueryError } from '@web/components/ui/error-state';
import { useDateFormat } from '@web/lib/format';
import { MessageIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { landingApi, landingKeys, requestsQuery, type TRequestsFilter } from './api';

/** Open, handled or every message: one pressed button at a time. */
function MessagesFilter({ filter, setFilter }: { filter: TRequestsFilter; setFilter: (filter: TRequestsFilter) => void }) {
  const { t } = useTranslation('landing');
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('messages.filter')}>
      {(['open', 'handled', 'all'] as const).map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={filter === f}
          onClick={() => setFilter(f)}
          data-testid={`messages-filter-${f}`}
          className={cx(
            'min-h-10 rounded-full px-4 text-sm font-medium',
            filter === f ? 'bg-primary-600 text-white' : 'bg-white text-gray-700 ring-1 ring-gray-200',
          )}
        >
          {t(`messages.filters.${f}`)}
        </button>
      ))}
    </div>
  );
}

/** /dashboard/messages: what visitors sent through the contact form of the teacher's pages. */
export function MessagesPage() {
  const { t } = useTranslation('landing');
  const [filter, setFilter] = useState<TRequestsFilter>('open');
  const query = useQuery(requestsQuery(filter));
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formatDate = useDateFormat();
  const mark = useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean }) => landingApi.setHandled(id, handled),
    onSuccess: async (_, { handled }) => {
      await queryClient.invalidateQueries({ queryKey: landingKeys.allRequests });
      notify.success(handled ? t('messages.markedHandled') : t('messages.markedOpen'));
    },
    onError: (error) => notify.error(errorText(error)),
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle title={t('messages.title')} subtitle={t('messages.subtitle')} />
      <MessagesFilter filter={filter} setFilter={setFilter} />
      {query.isPending && <LoadingBlock label={t('list.loading')} blocks={['h-24']} />}
      {query.isError && <QueryError query={query} />}
      {query.data && query.data.length === 0 && (
        <Card className="text-center">
          <MessageIcon className="mx-auto h-10 w-10 text-primary-600" />
          <p className="mt-3 text-gray-700">{t('messages.empty')}</p>
        </Card>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="space-y-3" data-testid="messages-list">
          {query.data.map((r) => (
            <li key={r.id} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="message-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-bold text-gray-900" dir="auto">
                    {r.subject}
                  </h2>
                  <p className="text-sm text-gray-600">
                    <span dir="auto">{r.name}</span> · <bdi dir="ltr">{r.email}</bdi>
                    {r.phone && (
                      <>
                        {' · '}
                        <bdi dir="ltr">{r.phone}</bdi>
                      </>
                    )}
                  </p>
                  <p className="text-xs text-gray-500">
                    {formatDate(r.created_at)}
                    {r.page_title && <> · {t('messages.fromPage', { title: r.page_title })}</>}
                  </p>
                </div>
                <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-bold', r.handled ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900')}>
                  {r.handled ? t('messages.handled') : t('messages.open')}
                </span>
              </div>
              <p className="mt-3 whitespace-pre-line break-words text-gray-800" dir="auto">
                {r.message}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <a href={`mailto:${r.email}?subject=${encodeURIComponent(r.subject)}`} className="text-sm font-medium text-primary-700 underline">
                  {t('messages.reply')}
                </a>
                <Button size="sm" variant="secondary" onClick={() => mark.mutate({ id: r.id, handled: !r.handled })} data-testid="message-toggle-handled">
                  {r.handled ? t('messages.markOpen') : t('messages.markHandled')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
