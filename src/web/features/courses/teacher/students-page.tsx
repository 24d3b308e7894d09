import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '../../../../shared/courses';
import { useErrorText } from '../../../components/ui/dashboard/api-errors';
import { Button, buttonClass } from '../../../components/ui/dashboard/button';
import { Card } from '../../../components/ui/dashboard/card';
import { ErrorState } from '../../../components/ui/dashboard/error-state';
import { Notice } from '../../../components/ui/dashboard/notice';
import { PageTitle } from '../../../components/ui/dashboard/page-heading';
import { Skeleton } from '../../../components/ui/dashboard/skeleton';
import { notify } from '../../../lib/notify';
import { api, ApiError, unwrap } from '../../../lib/api';
import { Checkbox, ConfirmButton, EmptyState, Field, Modal, Pager, ProgressBar, Select, TextArea, toneOf, useCourseFormat } from '../components/ui';
import { Badge } from '../../../components/ui/dashboard/badge';
import { UpgradePrompt, UsageLine } from '../components/upgrade-prompt';
import { studentsFilterQuery, studentsQuery, teacherCoursesQuery, usageQuery, type TStudentRow } from '../queries';
import { apiPath } from './codes-page';

type TDialog = { kind: 'enroll'; row: TStudentRow } | { kind: 'plan'; row: TStudentRow } | null;

function useCourses() {
  return (useQuery(teacherCoursesQuery).data?.courses ?? []).filter((c) => c.status !== 'archived');
}

function EnrollDialog({ row, defaultCourseId, onClose }: { row: TStudentRow; defaultCourseId?: string; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const usage = useQuery(usageQuery);
  const courses = useCourses().filter((c) => c.plans.length > 0);
  // A student who already follows a course is most likely being enrolled in another one.
  const holding = row.enrollment && (row.enrollment.status === 'active' || row.enrollment.status === 'expiring') ? row.enrollment.courseId : undefined;
  const [courseId, setCourseId] = useState(defaultCourseId ?? (holding ? courses.find((c) => c.id !== holding)?.id : row.enrollment?.courseId) ?? courses[0]?.id ?? '');
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const [planId, setPlanId] = useState('');
  const plan = course?.plans.find((p) => p.id === planId) ?? course?.plans[0];
  const [autoRenew, setAutoRenew] = useState(false);
  const [notes, setNotes] = useState('');
  const enroll = useMutation({
    mutationFn: () => unwrap(api.courses.teacher.enrollments.$post({ json: { studentId: row.studentId, courseId: course?.id ?? '', planId: plan?.id ?? '', autoRenew, notes } })),
    onSuccess: async () => {
      notify.success(t('students.enrolled', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      onClose();
    },
  });
  const limit = enroll.error instanceof ApiError && enroll.error.code === 'PLAN_LIMIT_STUDENTS';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enroll.mutate();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('students.enrollTitle', { name: row.name })} testId="enroll-dialog">
      <form onSubmit={submit} className="space-y-4">
        <Select id="enroll-course" label={t('codes.course')} value={course?.id} onChange={(e) => setCourseId(e.target.value)} options={courses.map((c) => ({ value: c.id, label: c.title }))} />
        <Select
          id="enroll-plan"
          label={t('codes.plan')}
          value={plan?.id}
          onChange={(e) => setPlanId(e.target.value)}
          options={(course?.plans ?? []).map((p) => ({ value: p.id, label: `${t(`plans.types.${p.type}`)} — ${format.price(p.priceDzd)}` }))}
        />
        <Checkbox label={t('plans.autoRenew')} checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
        <TextArea label={t('students.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        {limit && usage.data ? <UpgradePrompt usage={usage.data} what="students" message={enroll.error?.message} /> : null}
        {enroll.isError && !limit ? <Notice tone="error">{errorText(enroll.error)}</Notice> : null}
        <Button type="submit" busy={enroll.isPending} className="w-full" data-testid="enroll-submit">
          {t('students.enroll')}
        </Button>
      </form>
    </Modal>
  );
}

function ChangePlanDialog({ row, onClose }: { row: TStudentRow; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const enrollment = row.enrollment!;
  const course = useCourses().find((c) => c.id === enrollment.courseId);
  const [planId, setPlanId] = useState(course?.plans.find((p) => p.id === enrollment.planId)?.id ?? course?.plans[0]?.id ?? '');
  const [recalculate, setRecalculate] = useState(true);
  const [autoRenew, setAutoRenew] = useState(enrollment.autoRenew);
  const [notes, setNotes] = useState(enrollment.notes ?? '');
  const change = useMutation({
    mutationFn: () => unwrap(api.courses.teacher.enrollments[':enrollmentId'].plan.$patch({ param: { enrollmentId: enrollment.id }, json: { planId, recalculate, autoRenew, notes } })),
    onSuccess: async () => {
      notify.success(t('students.planChanged'));
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('students.changePlanTitle', { name: row.name })} description={enrollment.courseTitle} testId="change-plan-dialog">
      <form onSubmit={submit} className="space-y-4">
        <Select
          id="change-plan"
          label={t('codes.plan')}
          value={planId}
          onChange={(e) => setPlanId(e.target.value)}
          options={(course?.plans ?? []).map((p) => ({ value: p.id, label: `${t(`plans.types.${p.type}`)} — ${format.price(p.priceDzd)}` }))}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-800">{t('students.expiry')}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="expiry" checked={recalculate} onChange={() => setRecalculate(true)} className="h-4 w-4" />
            {t('students.recalculate')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="expiry" checked={!recalculate} onChange={() => setRecalculate(false)} className="h-4 w-4" />
            {t('students.keepExpiry', { date: enrollment.expiresAt ? format.date(enrollment.expiresAt) : t('students.permanent') })}
          </label>
        </fieldset>
        <Checkbox label={t('plans.autoRenew')} checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
        <TextArea label={t('students.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        {change.isError ? <Notice tone="error">{errorText(change.error)}</Notice> : null}
        <Button type="submit" busy={change.isPending} className="w-full" data-testid="change-plan-submit">
          {t('students.changePlan')}
        </Button>
      </form>
    </Modal>
  );
}

function StudentRow({ row, onDialog }: { row: TStudentRow; onDialog: (d: TDialog) => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const e = row.enrollment;
  const act = useMutation({
    mutationFn: async (action: 'cancel' | 'reactivate') => {
      const param = { param: { enrollmentId: e!.id } };
      if (action === 'cancel') await unwrap(api.courses.teacher.enrollments[':enrollmentId'].cancel.$post(param));
      else await unwrap(api.courses.teacher.enrollments[':enrollmentId'].reactivate.$post(param));
    },
    onSuccess: (_r, action) => notify.success(t(`students.${action}Done`)),
    onError: (error) => notify.error(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['courses'] }),
  });
  const status = e?.status ?? 'none';
  return (
    <li className="grid gap-3 p-4 sm:px-5 lg:grid-cols-[1.2fr_1fr_1fr_auto] lg:items-center" data-testid="student-row" data-status={status}>
      <div className="min-w-0">
        <p className="break-words font-bold text-gray-900">{row.name}</p>
        <p className="truncate text-sm text-gray-600">
          <bdi>{row.email}</bdi>
        </p>
      </div>
      <div className="min-w-0 space-y-1 text-sm">
        {e ? (
          <>
            <p className="break-words font-medium text-gray-900">{e.courseTitle}</p>
            <div className="flex flex-wrap gap-1.5">
              <Badge tone={toneOf(status)}>{status === 'expiring' ? t('subscriptions.expiringIn', { days: e.daysLeft ?? 0 }) : t(`subscriptions.status.${status}`)}</Badge>
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
      <div className="flex flex-wrap gap-1.5 lg:justify-end">
        {/* Every row can enroll: a student following one course may be sold another. */}
        <Button size="sm" variant={!e || status === 'expired' || status === 'cancelled' ? 'primary' : 'secondary'} onClick={() => onDialog({ kind: 'enroll', row })} data-testid="enroll">
          {!e || status === 'expired' || status === 'cancelled' ? t('students.enroll') : t('students.enrollAnother')}
        </Button>
        {e ? (
          <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'plan', row })} data-testid="change-plan">
            {t('students.changePlan')}
          </Button>
        ) : null}
        {e && (status === 'active' || status === 'expiring') ? (
          <ConfirmButton
            label={t('students.cancel')}
            title={t('students.cancelTitle', { name: row.name })}
            body={t('students.cancelBody')}
            confirmLabel={t('students.cancelConfirm')}
            onConfirm={() => act.mutate('cancel')}
            testId="cancel"
          />
        ) : null}
        {e && (status === 'cancelled' || status === 'expired') ? (
          <Button size="sm" variant="ghost" onClick={() => act.mutate('reactivate')} data-testid="reactivate">
            {t('students.reactivate')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /teacher/students: Student Subscription Management (spec §2.4), paginated on the server. */
export function StudentsPage() {
  const { t } = useTranslation('courses');
  const [params, setParams] = useSearchParams();
  const filters = {
    courseId: params.get('courseId') ?? undefined,
    status: params.get('status') ?? undefined,
    type: params.get('type') ?? undefined,
    q: params.get('q') ?? undefined,
    page: Math.max(1, Number(params.get('page') ?? '1') || 1),
  };
  const list = useQuery({ ...studentsQuery(filters), placeholderData: keepPreviousData });
  const usage = useQuery(usageQuery);
  const courses = useCourses();
  const errorText = useErrorText();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [search, setSearch] = useState(filters.q ?? '');
  const setFilter = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  };
  const exportPath = apiPath(api.courses.teacher.students.export.csv.$path({ query: studentsFilterQuery(filters) }));

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
      <Card className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label={t('students.filterCourse')}
          value={filters.courseId ?? ''}
          onChange={(e) => setFilter({ courseId: e.target.value || undefined })}
          options={[{ value: '', label: t('codes.allCourses') }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
        />
        <Select
          label={t('students.filterStatus')}
          value={filters.status ?? ''}
          onChange={(e) => setFilter({ status: e.target.value || undefined })}
          options={[{ value: '', label: t('students.allStatuses') }, ...[...SUBSCRIPTION_STATUSES, 'none'].map((s) => ({ value: s, label: t(`subscriptions.status.${s}`) }))]}
        />
        <Select
          label={t('students.filterType')}
          value={filters.type ?? ''}
          onChange={(e) => setFilter({ type: e.target.value || undefined })}
          options={[{ value: '', label: t('students.allTypes') }, ...PLAN_TYPES.map((p) => ({ value: p, label: t(`plans.types.${p}`) }))]}
        />
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setFilter({ q: search.trim() || undefined });
          }}
        >
          <Field label={t('students.search')} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="min-w-0 flex-1" data-testid="student-search" />
          <Button type="submit" variant="secondary">
            {t('students.searchButton')}
          </Button>
        </form>
      </Card>
      {list.isPending ? (
        <Skeleton className="h-64" />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
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
      {list.data ? <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={(p) => setFilter({ page: String(p) })} /> : null}
      {dialog?.kind === 'enroll' ? <EnrollDialog row={dialog.row} defaultCourseId={filters.courseId} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'plan' ? <ChangePlanDialog row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
