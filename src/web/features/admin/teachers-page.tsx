import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLAN_IDS } from '@shared/plans';
import { TEACHER_STATUSES, TRIAL_ENDING_DAYS, TRIAL_FILTERS } from '@shared/schemas/admin';
import { useDateFormat } from '@web/lib/format';
import { PageTitle } from '@web/components/ui/page-heading';
import { ListError, PlanBadge, SearchForm, StatusBadge, TrialText, usePaginationLabels } from './components/admin-ui';
import { Pagination } from '@web/components/ui/pagination';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { SelectField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { teachersQuery, type TTeacherRow } from './api';
import { useListParams } from './components/use-list-params';

const FILTERS = ['q', 'status', 'plan', 'trial'] as const;

function TeachersTable({ rows }: { rows: TTeacherRow[] }) {
  const { t } = useTranslation('admin');
  const formatDate = useDateFormat();
  return (
    <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm">
      <table className="w-full min-w-[44rem] text-sm" data-testid="teachers-table">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.teacher')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.subdomain')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.status')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.plan')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.trial')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.students')}</th>
            <th className="px-4 py-3 text-start font-medium">{t('teachers.columns.joined')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-gray-100 hover:bg-gray-50" data-testid="teacher-row">
              <td className="px-4 py-3">
                <Link to={`/admin/dashboard/teachers/${row.id}`} className="font-bold text-primary-700 hover:underline">
                  {row.name}
                </Link>
                <bdi dir="ltr" className="block whitespace-nowrap text-xs text-gray-500">
                  {row.email}
                </bdi>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <bdi dir="ltr">{row.subdomain}</bdi>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-4 py-3">
                <PlanBadge plan={row.plan} />
              </td>
              <td className="px-4 py-3">
                <TrialText endsAt={row.trialEndsAt} onTrial={row.onTrial} />
              </td>
              <td className="px-4 py-3">{row.studentCount}</td>
              <td className="px-4 py-3 whitespace-nowrap">{formatDate(row.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every teacher on the platform: search, filter by status, plan and trial, and open one. */
export function AdminTeachersPage() {
  const { t } = useTranslation('admin');
  const paginationLabels = usePaginationLabels();
  const list = useListParams(FILTERS);
  const teachers = useQuery(teachersQuery(list.query));
  const any = { value: '', label: t('list.any') };
  return (
    <div className="space-y-6">
      <PageTitle title={t('teachers.title')} subtitle={t('teachers.subtitle')} />
      <div className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end">
        <SearchForm label={t('teachers.search')} value={list.values.q} onSearch={(q) => list.update({ q })} testId="teachers-search" />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:w-[36rem]">
          <SelectField
            label={t('teachers.filters.status')}
            value={list.values.status}
            onChange={(e) => list.update({ status: e.target.value })}
            options={[any, ...TEACHER_STATUSES.map((s) => ({ value: s, label: t(`teachers.statuses.${s}`) }))]}
            data-testid="filter-status"
          />
          <SelectField
            label={t('teachers.filters.plan')}
            value={list.values.plan}
            onChange={(e) => list.update({ plan: e.target.value })}
            options={[any, ...PLAN_IDS.map((p) => ({ value: p, label: t(`plans.${p}`) }))]}
            data-testid="filter-plan"
          />
          <SelectField
            label={t('teachers.filters.trial')}
            value={list.values.trial}
            onChange={(e) => list.update({ trial: e.target.value })}
            options={[any, ...TRIAL_FILTERS.map((f) => ({ value: f, label: t(`teachers.trialFilters.${f}`, { count: TRIAL_ENDING_DAYS }) }))]}
            data-testid="filter-trial"
          />
        </div>
      </div>
      {teachers.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : teachers.isError ? (
        <ListError error={teachers.error} onRetry={() => void teachers.refetch()} retrying={teachers.isFetching} onClear={list.clear} />
      ) : (
        <section
          aria-label={t('teachers.results')}
          aria-busy={teachers.isFetching || teachers.isPlaceholderData}
          className="space-y-4"
          data-testid="results"
          data-query={list.signature}
        >
          {teachers.data.items.length === 0 ? <EmptyState title={t('teachers.empty')} testId="empty-state" /> : <TeachersTable rows={teachers.data.items} />}
          <Pagination page={teachers.data.page} pageSize={teachers.data.pageSize} total={teachers.data.total} onPage={list.setPage} labels={paginationLabels} />
        </section>
      )}
    </div>
  );
}
