import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACTOR_ROLES } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import { isolate } from '@web/lib/format';
import { PageTitle } from '@web/components/ui/page-heading';
import { AuditSubject } from './components/audit-details';
import { ListError, SearchForm, usePaginationLabels } from './components/admin-ui';
import { Pagination } from '@web/components/ui/pagination';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { SelectField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { useDateTimeFormat } from './components/datetime';
import { auditActionsQuery, auditQuery, teacherQuery, type TAuditEntry, type TAuditNames } from './api';
import { useListParams } from './components/use-list-params';

const FILTERS = ['actor', 'actorRole', 'action', 'teacher'] as const;

/** The log narrowed to one teacher (from their page's "see all"): who, and a way back to everything. */
function TeacherFilter({ teacherId, onClear }: { teacherId: string; onClear: () => void }) {
  const { t } = useTranslation('admin');
  const teacher = useQuery(teacherQuery(teacherId));
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700" data-testid="teacher-filter">
      <span>{t('audit.teacherFilter', { name: isolate(teacher.data?.name ?? '…') })}</span>
      <Button variant="secondary" size="sm" onClick={onClear} data-testid="clear-teacher-filter">
        {t('audit.allTeachers')}
      </Button>
    </p>
  );
}

function Row({ entry, names, onActor }: { entry: TAuditEntry; names: TAuditNames; onActor: (actor: string) => void }) {
  const { t } = useTranslation('admin');
  const formatDateTime = useDateTimeFormat();
  return (
    <tr className="border-t border-gray-100 align-top" data-testid="audit-row">
      <td className="px-4 py-3 whitespace-nowrap text-gray-700">{formatDateTime(entry.createdAt)}</td>
      <td className="px-4 py-3">
        {entry.actorUserId ? (
          <button type="button" className="text-start font-medium text-primary-700 hover:underline" onClick={() => onActor(entry.actorUserId!)}>
            {entry.actorName ?? entry.actorUserId}
          </button>
        ) : (
          <span className="text-gray-500">{t('audit.system')}</span>
        )}
        {entry.actorEmail && (
          <bdi dir="ltr" className="block text-xs text-gray-500">
            {entry.actorEmail}
          </bdi>
        )}
        <Badge tone="gray">{t(`audit.roles.${entry.actorRole}`, { defaultValue: entry.actorRole })}</Badge>
      </td>
      <td className="px-4 py-3 font-medium text-gray-900" data-testid="audit-action">
        {t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}
      </td>
      <td className="px-4 py-3">
        <AuditSubject entry={entry} names={names} />
      </td>
      <td className="px-4 py-3 text-xs text-gray-500">
        <bdi dir="ltr">{entry.ip}</bdi>
      </td>
    </tr>
  );
}

/** Sensitive actions across the platform, newest first. Read-only: entries are never edited or deleted. */
export function AdminAuditPage() {
  const { t } = useTranslation('admin');
  const paginationLabels = usePaginationLabels();
  const list = useListParams(FILTERS);
  const audit = useQuery(auditQuery(list.query));
  const actions = useQuery(auditActionsQuery);
  const any = { value: '', label: t('list.any') };
  return (
    <div className="space-y-6">
      <PageTitle title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <div className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end">
        <SearchForm label={t('audit.actor')} value={list.values.actor} onSearch={(actor) => list.update({ actor })} testId="audit-actor" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:w-[30rem]">
          <SelectField
            label={t('audit.actorRole')}
            value={list.values.actorRole}
            onChange={(e) => list.update({ actorRole: e.target.value })}
            options={[any, ...ACTOR_ROLES.map((r) => ({ value: r, label: t(`audit.roles.${r}`) }))]}
            data-testid="filter-role"
          />
          <SelectField
            label={t('audit.action')}
            value={list.values.action}
            onChange={(e) => list.update({ action: e.target.value })}
            options={[any, ...(actions.data?.actions ?? []).map((a) => ({ value: a, label: t(`audit.actions.${a}`, { defaultValue: a }) }))]}
            data-testid="filter-action"
          />
        </div>
      </div>
      {list.values.teacher && <TeacherFilter teacherId={list.values.teacher} onClear={() => list.update({ teacher: '' })} />}
      {audit.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : audit.isError ? (
        <ListError error={audit.error} onRetry={() => void audit.refetch()} retrying={audit.isFetching} onClear={list.clear} />
      ) : (
        <section
          aria-label={t('audit.results')}
          aria-busy={audit.isFetching || audit.isPlaceholderData}
          className="space-y-4"
          data-testid="results"
          data-query={list.signature}
        >
          {audit.data.items.length === 0 ? (
            <EmptyState title={t('audit.empty')} testId="empty-state" />
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label={t('audit.results')}>
              <table className="w-full min-w-[52rem] text-sm" data-testid="audit-table">
                <thead className="bg-gray-50 text-gray-600">
                  <tr>
                    <th className="px-4 py-3 text-start font-medium">{t('audit.columns.when')}</th>
                    <th className="px-4 py-3 text-start font-medium">{t('audit.columns.actor')}</th>
                    <th className="px-4 py-3 text-start font-medium">{t('audit.columns.action')}</th>
                    <th className="px-4 py-3 text-start font-medium">{t('audit.columns.target')}</th>
                    <th className="px-4 py-3 text-start font-medium">{t('audit.columns.ip')}</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.items.map((entry) => (
                    <Row key={entry.id} entry={entry} names={audit.data.names} onActor={(actor) => list.update({ actor })} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination page={audit.data.page} pageSize={audit.data.pageSize} total={audit.data.total} onPage={list.setPage} labels={paginationLabels} />
        </section>
      )}
    </div>
  );
}
