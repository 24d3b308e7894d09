import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { ProgressBar, toneOf, useCourseFormat, usePaginationLabels } from '@web/components/ui/course-kit';
import { Pagination } from '@web/components/ui/pagination';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { UpgradePrompt, UsageLine } from '@web/components/upgrade-prompt';
import { exportPaths, subscriptionsApi, studentsQuery, type TStudentRow } from '@web/features/subscriptions/api';
import { courseKeys, usageQuery } from '@web/lib/course-queries';

import { ChangePlanDialog, EnrollDialog } from '@web/features/subscriptions/components/enrollment-dialogs';
import { StudentFilters, type TStudentFilters } from './student-filters';
type TDialog = { kind: 'enroll'; row: TStudentRow } | { kind: 'plan'; row: TStudentRow } | null;

type TAct = 'cancel' | 'suspend' | 'reactivate';

/** Enroll (again), change the plan, cancel, suspend or reactivate, as the subscription's status allows. */
function RowActions({ row, status, onDialog, onAct }: { row: TStudentRow; status: string; onDialog: (d: TDialog) => void; onAct: (action: TAct) => void }) {
  const { t } = useTranslation('courses');
  const e = row.enrollment;
  return (
    <div className="flex flex-wrap gap-1.5 lg:justify-end">
      {/* Every row can enroll: a student following one course may be sold another. */}
      <Button
        size="sm"
        variant={!e || status === 'expired' || status === 'cancelled' ? 'primary' : 'secondary'}
        onClick={() => onDialog({ kind: 'enroll', row })}
        data-testid="enroll"
      >
        {!e || status === 'expired' || status === 'cancelled' ? t('students.enroll') : t('students.enrollAnother')}
      </Button>
      {e ? (
        <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'plan', row })} data-testid="change-plan">
          {t('students.changePlan')}
        </Button>
      ) : null}
      {e && (status === 'active' || status === 'expiring') ? (
        <ConfirmButton
          variant="ghost"
          cancelLabel={t('common.back')}
          label={t('students.cancel')}
          title={t('students.cancelTitle', { name: row.name })}
          body={t('students.cancelBody')}
          confirmLabel={t('students.cancelConfirm')}
          onConfirm={() => onAct('cancel')}
          testId="cancel"
        />
      ) : null}
      {e && (status === 'active' || status === 'expiring') ? (
        <ConfirmButton
          variant="ghost"
          cancelLabel={t('common.back')}
          label={t('students.suspend')}
          title={t('students.suspendTitle', { name: row.name })}
          body={t('students.suspendBody')}
          confirmLabel={t('students.suspendConfirm')}
          onConfirm={() => onAct('suspend')}
          testId="suspend"
        />
      ) : null}
      {e && (status === 'cancelled' || status === 'expired' || status === 'suspended') ? (
        <Button size="sm" variant="ghost" onClick={() => onAct('reactivate')} data-testid="reactivate">
          {t('students.reactivate')}
        </Button>
      ) : null}
    </div>
  );
}

function StudentRow({ row, onDialog }: { row: TStudentRow; onDialog: (d: TDialog) => void }) {
  const { t } = useTranslation('courses');
  const { t: tn } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const e = row.enrollment;
  const act = useMutation({
    mutationFn: async (action: TAct) => {
      if (action === 'cancel') await subscriptionsApi.cancelEnrollment(e!.id);
      else if (action === 'suspend') await subscriptionsApi.suspendEnrollment(e!.id);
      else await subscriptionsApi.reactivateEnrollment(e!.id);
    },
    onSuccess: (_r, action) => notify.success(t(`students.${action}Done`)),
    onError: (error) => notify.error(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  const status = e?.status ?? 'none';
  return (
    <li className="grid gap-3 p-4 sm:px-5 lg:grid-cols-[1.2fr_1fr_1fr_auto] lg:items-center" data-testid="student-row" data-status={status}>
      <div className="min-w-0">
        <p className="break-words font-bold text-gray-900">{row.name}</p>
        <p className="truncate text-sm text-gray-600">
          <bdi>{row.email}</bdi>
        </p>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {/* Issue 26: the conversation with this student. */}
          <Link to={`/dashboard/messages?student=${row.studentId}`} className="text-sm font-semibold text-primary-700 underline" data-testid="write-student">
            {tn('messages.writeStudent')}
          </Link>
          {/* Issue 27: this student's progress, watch time and payments on one page. */}
          <Link
            to={`/teacher/students/${row.studentId}/analytics`}
            className="text-sm font-semibold text-primary-700 underline"
            data-testid="student-analytics-link"
          >
            {t('common:pages.teacherAnalytics')}
          </Link>
        </div>
      </div>
      <div className="min-w-0 space-y-1 text-sm">
        {e ? (
          <>
            <p className="break-words font-medium text-gray-900">{e.courseTitle}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={toneOf(status)}>
                {status === 'expiring' ? t('subscriptions.expiringIn', { count: e.daysLeft ?? 0 }) : t(`subscriptions.status.${status}`)}
              </Badge>
              <Badge tone="blue">{t(`plans.types.${e.type}`)}</Badge>
              {e.autoRenew ? <Badge tone="gray">{t('students.recurring')}</Badge> : null}
            </div>
          </>
        ) : (
          <Badge tone="gray">{t('subscriptions.status.none')}</Badge>
        )}
      </div>
      <div className="min-w-0 space-y-1 text-xs text-gray-600">
        {e ? (
          <>
            <p>{t('students.enrolledOn', { date: format.date(e.startedAt) })}</p>
            <p>{e.expiresAt ? t('students.expiresOn', { date: format.date(e.expiresAt) }) : t('students.permanent')}</p>
            <ProgressBar percent={e.progress.percent} label={t('students.progressOf', { name: row.name })} />
            {e.notes ? <p className="break-words text-gray-700">{e.notes}</p> : null}
          </>
        ) : (
          <p>{t('students.joinedOn', { date: format.date(row.joinedAt) })}</p>
        )}
      </div>
      <RowActions row={row} status={status} onDialog={onDialog} onAct={(action) => act.mutate(action)} />
    </li>
  );
}

/** /teacher/students: Student Subscription Management (spec §2.4), paginated on the server. */
export function StudentsPage() {
  const { t } = useTranslation('courses');
  const paginationLabels = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const filters: TStudentFilters = {
    courseId: params.get('courseId') ?? undefined,
    status: params.get('status') ?? undefined,
    type: params.get('type') ?? undefined,
    q: params.get('q') ?? undefined,
  };
  // Keyset pages (decision 225): the URL holds the cursor the page starts from; the page number is only shown.
  const cursor = { after: params.get('after') ?? undefined, before: params.get('before') ?? undefined };
  const list = useQuery({ ...studentsQuery({ ...filters, ...cursor }), placeholderData: keepPreviousData });
  const shownPage = list.data && !list.data.prevCursor ? 1 : Math.max(1, Number(params.get('page') ?? '1') || 1);
  const usage = useQuery(usageQuery);
  const [dialog, setDialog] = useState<TDialog>(null);
  const setFilter = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    // A new filter starts again from the first page.
    if (!('page' in next)) for (const k of ['page', 'after', 'before']) merged.delete(k);
    setParams(merged);
  };
  const exportPath = exportPaths.students(filters);

  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.teacherStudents')} subtitle={t('students.subtitle')}>
        <a href={exportPath} className={buttonClass('secondary')} download data-testid="export-students">
          {t('students.exportCsv')}
        </a>
      </PageTitle>
      {usage.data ? (
        <>
          <UsageLine usage={usage.data} what="students" />
          <UpgradePrompt usage={usage.data} what="students" />
        </>
      ) : null}
      <StudentFilters filters={filters} setFilter={setFilter} />
      {list.isPending ? (
        <Skeleton className="h-64" />
      ) : list.isError ? (
        <QueryError query={list} />
      ) : list.data.rows.length === 0 ? (
        <EmptyState title={t('students.emptyTitle')} body={t('students.emptyBody')} testId="students-empty" />
      ) : (
        <Card className="p-0 sm:p-0">
          <p className="border-b border-gray-100 px-4 py-3 text-sm text-gray-600 sm:px-5" data-testid="students-total">
            {t('students.total', { n: list.data.total })}
          </p>
          <ul className="divide-y divide-gray-100" data-testid="student-list">
            {list.data.rows.map((row) => (
              <StudentRow key={`${row.studentId}-${row.enrollment?.id ?? 'none'}`} row={row} onDialog={setDialog} />
            ))}
          </ul>
        </Card>
      )}
      {list.data ? (
        <Pagination
          page={shownPage}
          pageSize={list.data.pageSize}
          total={list.data.total}
          hasNext={list.data.nextCursor !== null}
          onPage={(p) =>
            p > shownPage
              ? setFilter({ page: String(p), after: list.data.nextCursor ?? undefined, before: undefined })
              : setFilter({ page: String(p), before: list.data.prevCursor ?? undefined, after: undefined })
          }
          labels={paginationLabels}
          hideSingle
          testId="pager"
        />
      ) : null}
      {dialog?.kind === 'enroll' ? <EnrollDialog row={dialog.row} defaultCourseId={filters.courseId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'plan' ? <ChangePlanDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
