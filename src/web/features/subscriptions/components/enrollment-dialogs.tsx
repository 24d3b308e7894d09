import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';
import { ApiError } from '@web/lib/api-error';
import { useCourseFormat } from '@web/components/ui/course-kit';
import { Modal } from '@web/components/ui/modal';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { UpgradePrompt } from '@web/components/upgrade-prompt';
import { subscriptionsApi, type TStudentRow } from '@web/features/subscriptions/api';
import { courseKeys, teacherCoursesQuery, usageQuery } from '@web/lib/course-queries';

/** An amount typed in dinars, sent as a number (the server checks it is whole); empty sends nothing. */
const paidDzd = (typed: string) => (typed.trim() === '' ? {} : { paidDzd: Number(typed) });

/** The teacher's courses that can still take students (archived ones cannot). */
export function useCourses() {
  return (useQuery(teacherCoursesQuery).data?.courses ?? []).filter((c) => c.status !== 'archived');
}

export function EnrollDialog({ row, defaultCourseId, onClose }: { row: TStudentRow; defaultCourseId?: string; onClose: () => void }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const usage = useQuery(usageQuery);
  const courses = useCourses().filter((c) => c.plans.length > 0);
  // A student who already follows a course is most likely being enrolled in another one.
  const holding = row.enrollment && (row.enrollment.status === 'active' || row.enrollment.status === 'expiring') ? row.enrollment.courseId : undefined;
  const [courseId, setCourseId] = useState(
    defaultCourseId ?? (holding ? courses.find((c) => c.id !== holding)?.id : row.enrollment?.courseId) ?? courses[0]?.id ?? '',
  );
  const course = courses.find((c) => c.id === courseId) ?? courses[0];
  const [planId, setPlanId] = useState('');
  const plan = course?.plans.find((p) => p.id === planId) ?? course?.plans[0];
  const [autoRenew, setAutoRenew] = useState(false);
  const [notes, setNotes] = useState('');
  // Empty: the plan's price. A discount or a partial payment is typed here, in whole dinars.
  const [paid, setPaid] = useState('');
  const enroll = useMutation({
    mutationFn: () =>
      subscriptionsApi.enroll({ studentId: row.studentId, courseId: course?.id ?? '', planId: plan?.id ?? '', autoRenew, notes, ...paidDzd(paid) }),
    onSuccess: async () => {
      notify.success(t('students.enrolled', { name: row.name }));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
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
        <SelectField
          id="enroll-course"
          label={t('codes.course')}
          value={course?.id}
          onChange={(e) => setCourseId(e.target.value)}
          options={courses.map((c) => ({ value: c.id, label: c.title }))}
        />
        <SelectField
          id="enroll-plan"
          label={t('codes.plan')}
          value={plan?.id}
          onChange={(e) => setPlanId(e.target.value)}
          options={(course?.plans ?? []).map((p) => ({ value: p.id, label: `${t(`plans.types.${p.type}`)} — ${format.price(p.priceDzd)}` }))}
        />
        <TextField
          id="enroll-paid"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          label={t('students.paid')}
          hint={t('students.paidHint')}
          placeholder={plan ? String(plan.priceDzd) : ''}
          value={paid}
          onChange={(e) => setPaid(e.target.value)}
          error={enroll.error instanceof ApiError ? enroll.error.fields.paidDzd : undefined}
          data-testid="enroll-paid"
        />
        <CheckboxField label={t('plans.autoRenew')} checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
        <TextAreaField label={t('students.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        {limit && usage.data ? <UpgradePrompt usage={usage.data} what="students" message={enroll.error?.message} /> : null}
        {enroll.isError && !limit ? <Notice tone="error">{errorText(enroll.error)}</Notice> : null}
        <Button type="submit" busy={enroll.isPending} className="w-full" data-testid="enroll-submit">
          {t('students.enroll')}
        </Button>
      </form>
    </Modal>
  );
}

export function ChangePlanDialog({ row, onClose }: { row: TStudentRow; onClose: () => void }) {
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
  const [paid, setPaid] = useState('');
  const change = useMutation({
    mutationFn: () => subscriptionsApi.changePlan(enrollment.id, { planId, recalculate, autoRenew, notes, ...paidDzd(paid) }),
    onSuccess: async () => {
      notify.success(t('students.planChanged'));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('students.changePlanTitle', { name: row.name })}
      description={enrollment.courseTitle}
      testId="change-plan-dialog"
    >
      <form onSubmit={submit} className="space-y-4">
        <SelectField
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
        <TextField
          id="change-paid"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          label={t('students.paidChange')}
          hint={t('students.paidChangeHint', { total: format.price(enrollment.totalPaidDzd) })}
          placeholder={String(0)}
          value={paid}
          onChange={(e) => setPaid(e.target.value)}
          error={change.error instanceof ApiError ? change.error.fields.paidDzd : undefined}
          data-testid="change-paid"
        />
        <CheckboxField label={t('plans.autoRenew')} checked={autoRenew} onChange={(e) => setAutoRenew(e.target.checked)} />
        <TextAreaField label={t('students.notes')} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
        {change.isError ? <Notice tone="error">{errorText(change.error)}</Notice> : null}
        <Button type="submit" busy={change.isPending} className="w-full" data-testid="change-plan-submit">
          {t('students.changePlan')}
        </Button>
      </form>
    </Modal>
  );
}
