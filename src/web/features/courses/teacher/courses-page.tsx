import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { COURSE_KINDS, type TCourseKind } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { BookIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { toneOf, useCourseFormat } from '@web/components/ui/course-kit';
import { Modal } from '@web/components/ui/modal';
import { TextAreaField, TextField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { UpgradePrompt, UsageLine } from '@web/components/upgrade-prompt';
import { coursesApi } from '@web/features/courses/api';
import { courseKeys, teacherCoursesQuery, usageQuery } from '@web/lib/course-queries';

type TCourseCard = Awaited<ReturnType<NonNullable<typeof teacherCoursesQuery.queryFn>>>['courses'][number];

function KindChoice({ value, onChange }: { value: TCourseKind; onChange: (kind: TCourseKind) => void }) {
  const { t } = useTranslation('courses');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-800">{t('kinds.label')}</legend>
      {COURSE_KINDS.map((kind) => (
        <label
          key={kind}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50"
        >
          <input type="radio" name="kind" value={kind} checked={value === kind} onChange={() => onChange(kind)} className="mt-1 h-4 w-4" />
          <span className="min-w-0">
            <span className="block font-medium text-gray-900">{t(`kinds.${kind}`)}</span>
            <span className="block text-sm text-gray-600">{t(`kinds.${kind}Help`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function CreateCourseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<TCourseKind>('organized');
  const create = useMutation({
    mutationFn: () => coursesApi.createCourse({ title, description, kind }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      onOpenChange(false);
      void navigate(`/teacher/courses/${id}`);
    },
  });
  const fieldError = create.error instanceof ApiError ? create.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('list.createTitle')} testId="create-course-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t('fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={200}
          error={fieldError.title}
          id="course-title"
        />
        <TextAreaField
          label={t('fields.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={5000}
          error={fieldError.description}
        />
        <KindChoice value={kind} onChange={setKind} />
        {create.isError && !fieldError.title ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
        <Button type="submit" busy={create.isPending} className="w-full" data-testid="create-course-submit">
          {t('list.create')}
        </Button>
      </form>
    </Modal>
  );
}

/** One course in the teacher's list: cover, states, counts, the lowest price and where to go next. */
function CourseCard({ course: c }: { course: TCourseCard }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start gap-3">
        {c.coverUrl ? (
          <img src={c.coverUrl} alt={t('fields.coverOf', { title: c.title })} className="h-16 w-24 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="flex h-16 w-24 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
            <BookIcon className="h-7 w-7" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-bold text-gray-900">{c.title}</h2>
          <div className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone={toneOf(c.status)}>{t(`status.${c.status}`)}</Badge>
            <Badge tone="blue">{t(`kinds.${c.kind}`)}</Badge>
          </div>
        </div>
      </div>
      <p className="text-sm text-gray-600">
        {t('list.counts', { lessons: c.lessonCount, students: c.studentCount })}
        {c.plans.some((p) => p.type === 'free')
          ? ` · ${t('plans.types.free')}`
          : c.plans.length > 0
            ? ` · ${t('list.from', { price: format.price(Math.min(...c.plans.map((p) => p.priceDzd))) })}`
            : ''}
      </p>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`/teacher/courses/${c.id}`} className={buttonClass('primary', 'sm')} aria-label={t('list.editNamed', { title: c.title })}>
          {t('list.edit')}
        </Link>
        <Link to={`/teacher/codes?courseId=${c.id}`} className={buttonClass('secondary', 'sm')}>
          {t('nav.codes')}
        </Link>
        <Link to={`/teacher/students?courseId=${c.id}`} className={buttonClass('secondary', 'sm')}>
          {t('nav.students')}
        </Link>
      </div>
    </Card>
  );
}

/** /teacher/courses: the teacher's courses, their state and students, and the plan's course limit. */
export function TeacherCoursesPage() {
  const { t } = useTranslation('courses');
  const list = useQuery(teacherCoursesQuery);
  const usage = useQuery(usageQuery);
  const [creating, setCreating] = useState(false);
  const full = usage.data ? usage.data.courses.limit !== null && usage.data.courses.used >= usage.data.courses.limit : false;

  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.teacherCourses')} subtitle={t('list.subtitle')}>
        <div className="flex flex-wrap gap-2">
          <Link to="/teacher/codes" className={buttonClass('secondary')}>
            {t('nav.codes')}
          </Link>
          <Button onClick={() => setCreating(true)} disabled={full} data-testid="new-course">
            {t('list.new')}
          </Button>
        </div>
      </PageTitle>
      {usage.data ? (
        <>
          <UsageLine usage={usage.data} what="courses" />
          <UsageLine usage={usage.data} what="storage" />
          <UpgradePrompt usage={usage.data} what="courses" />
          <UpgradePrompt usage={usage.data} what="storage" />
        </>
      ) : null}
      {list.isPending ? (
        <LoadingBlock blocks={['h-40', 'h-40']} className="grid gap-4 sm:grid-cols-2" />
      ) : list.isError ? (
        <QueryError query={list} />
      ) : list.data.courses.length === 0 ? (
        <EmptyState title={t('list.emptyTitle')} body={t('list.emptyBody')} testId="courses-empty">
          <Button onClick={() => setCreating(true)}>{t('list.new')}</Button>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="course-list">
          {list.data.courses.map((c) => (
            <li key={c.id}>
              <CourseCard course={c} />
            </li>
          ))}
        </ul>
      )}
      <CreateCourseDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
