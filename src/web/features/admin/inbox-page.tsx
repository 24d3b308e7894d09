import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Navigate, useParams } from 'react-router';
import { INBOX_KINDS, INBOX_STATES, type TInboxKind } from '@shared/schemas/admin';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { PageTitle } from '@web/components/ui/page-heading';
import { notify } from '@web/lib/notify';
import { ListError, SearchForm, usePaginationLabels } from './components/admin-ui';
import { Pagination } from '@web/components/ui/pagination';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { SelectField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { useDateTimeFormat } from './components/datetime';
import { adminApi, adminKeys, inboxExportUrl, inboxQuery } from './api';
import { useListParams } from './components/use-list-params';

const FILTERS = ['q', 'state'] as const;
type TItem = Record<string, string | null>;

const isKind = (value: string | undefined): value is TInboxKind => (INBOX_KINDS as readonly string[]).includes(value ?? '');

function Tabs({ current }: { current: TInboxKind }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('inbox.tabs')} className="flex gap-1 overflow-x-auto border-b border-gray-200">
      {INBOX_KINDS.map((kind) => (
        <NavLink
          key={kind}
          to={`/admin/dashboard/inbox/${kind}`}
          className={cx(
            '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
            kind === current ? 'border-primary-600 text-primary-800' : 'border-transparent text-gray-600 hover:text-gray-900',
          )}
        >
          {t(`inbox.kinds.${kind}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The body of one entry: what was sent, in the shape of its inbox. */
function EntryBody({ kind, item }: { kind: TInboxKind; item: TItem }) {
  const { t } = useTranslation('admin');
  const formatDateTime = useDateTimeFormat();
  if (kind === 'contact') {
    return (
      <>
        <p dir="auto" className="text-start font-bold text-gray-900" data-testid="entry-subject">
          {item.subject}
        </p>
        <p className="text-sm text-gray-700">
          <bdi>{item.name}</bdi> · <bdi dir="ltr">{item.email}</bdi>
          {item.phone && (
            <>
              {' · '}
              <bdi dir="ltr">{item.phone}</bdi>
            </>
          )}
        </p>
        <p dir="auto" className="mt-2 whitespace-pre-wrap break-words text-start text-gray-800" data-testid="entry-text">
          {item.message}
        </p>
      </>
    );
  }
  if (kind === 'feedback') {
    return (
      <>
        <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
          <Badge tone="blue">{t(`inbox.categories.${item.category ?? ''}`, { defaultValue: item.category ?? '' })}</Badge>
          {item.title && <bdi data-testid="entry-subject">{item.title}</bdi>}
        </p>
        <p dir="auto" className="mt-2 whitespace-pre-wrap break-words text-start text-gray-800" data-testid="entry-text">
          {item.text}
        </p>
        {item.email && (
          <p className="mt-1 text-sm text-gray-600">
            <bdi dir="ltr">{item.email}</bdi>
          </p>
        )}
      </>
    );
  }
  return (
    <p className="font-medium text-gray-900">
      <bdi dir="ltr">{item.email}</bdi>
      {item.unsubscribedAt && <span className="ms-2 text-sm text-gray-600">{t('inbox.unsubscribed', { date: formatDateTime(item.unsubscribedAt) })}</span>}
    </p>
  );
}

function Entry({ kind, item }: { kind: TInboxKind; item: TItem }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const formatDateTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const handled = Boolean(item.handledAt);
  const toggle = useMutation({
    mutationFn: () => adminApi.setHandled(kind, item.id!, !handled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.inbox(kind) }),
    onError: (error) => notify.error(errorText(error)),
  });
  return (
    <li className={cx('rounded-2xl border bg-white p-4 shadow-sm', handled ? 'border-gray-200 bg-gray-50' : 'border-primary-200')} data-testid="inbox-entry">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <EntryBody kind={kind} item={item} />
          <p className="mt-2 text-xs text-gray-600">
            {formatDateTime(item.createdAt)}
            {item.language && ` · ${t(`languages.${item.language}`, { defaultValue: item.language })}`}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">
          <Badge tone={handled ? 'green' : 'amber'} testId="entry-state">
            {t(handled ? 'inbox.handled' : 'inbox.unhandled')}
          </Badge>
          <Button variant="secondary" size="sm" busy={toggle.isPending} onClick={() => toggle.mutate()} data-testid="toggle-handled">
            {t(handled ? 'inbox.markUnhandled' : 'inbox.markHandled')}
          </Button>
        </div>
      </div>
    </li>
  );
}

function Inbox({ kind }: { kind: TInboxKind }) {
  const { t } = useTranslation('admin');
  const paginationLabels = usePaginationLabels();
  const list = useListParams(FILTERS);
  const inbox = useQuery(inboxQuery(kind, list.query));
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm md:flex-row md:items-end">
        <SearchForm label={t('inbox.search')} value={list.values.q} onSearch={(q) => list.update({ q })} testId="inbox-search" />
        <SelectField
          className="md:w-56"
          label={t('inbox.state')}
          value={list.values.state}
          onChange={(e) => list.update({ state: e.target.value })}
          options={INBOX_STATES.map((s) => ({ value: s === 'all' ? '' : s, label: t(`inbox.states.${s}`) }))}
          data-testid="filter-state"
        />
        <a href={inboxExportUrl(kind, list.query)} download className={buttonClass('secondary')} data-testid="export-csv">
          {t('inbox.export')}
        </a>
      </div>
      {inbox.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : inbox.isError ? (
        <ListError error={inbox.error} onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} onClear={list.clear} />
      ) : (
        <section
          aria-label={t(`inbox.kinds.${kind}`)}
          aria-busy={inbox.isFetching || inbox.isPlaceholderData}
          className="space-y-4"
          data-testid="results"
          data-query={list.signature}
        >
          <p className="text-sm text-gray-600" data-testid="unhandled-count">
            {t('inbox.unhandledCount', { count: inbox.data.unhandled })}
          </p>
          {inbox.data.items.length === 0 ? (
            <EmptyState title={t('inbox.empty')} testId="empty-state" />
          ) : (
            <ul className="space-y-3">
              {inbox.data.items.map((item) => (
                <Entry key={String(item.id)} kind={kind} item={item as TItem} />
              ))}
            </ul>
          )}
          <Pagination page={inbox.data.page} pageSize={inbox.data.pageSize} total={inbox.data.total} onPage={list.setPage} labels={paginationLabels} />
        </section>
      )}
    </div>
  );
}

/** Darsi's inboxes from the public site: contact messages, roadmap feedback and newsletter subscribers. */
export function AdminInboxPage() {
  const { t } = useTranslation('admin');
  const { kind } = useParams();
  if (!isKind(kind)) return <Navigate to="/admin/dashboard/inbox/contact" replace />;
  return (
    <div className="space-y-6">
      <PageTitle title={t('inbox.title')} subtitle={t('inbox.subtitle')} />
      <Tabs current={kind} />
      <Inbox key={kind} kind={kind} />
    </div>
  );
}
