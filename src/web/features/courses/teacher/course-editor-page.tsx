import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { Link, useNavigate, useParams } from 'react-router';
import { COURSE_KINDS, type TCourseKind } from '@shared/courses';
import { VIDEO_DATA_SAVER_MODES, type TVideoDataSaver } from '@shared/schemas/video';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { useSession } from '@web/components/area/session';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { ApiError } from '@web/lib/api-error';
import { OutlineEditor } from '@web/features/courses/components/outline-editor';
import { PlansEditor } from '@web/features/courses/components/plans-editor';
import { toneOf } from '@web/components/ui/course-kit';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { Badge } from '@web/components/ui/badge';
import { coursesApi, courseQuery, uploadFile, type TCourseDetail } from '@web/features/courses/api';
import { courseKeys, usageQuery } from '@web/lib/course-queries';
import { UpgradePrompt } from '@web/components/upgrade-prompt';
import { Slot } from '@web/lib/slots';
import { ImageUploadButton } from '@web/components/image-upload-button';

function DetailsForm({ course }: { course: TCourseDetail }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [title, setTitle] = useState(course.title);
  const [description, setDescription] = useState(course.description);
  const [kind, setKind] = useState<TCourseKind>(course.kind as TCourseKind);
  const { t: tv } = useTranslation('video');
  const [videoDataSaver, setDataSaver] = useState<TVideoDataSaver>(course.videoDataSaver);
  const [offline, setOffline] = useState<TOffline>({ offlineDays: course.offlineDays, offlineDevices: course.offlineDevices });
  const save = useMutation({
    mutationFn: () => coursesApi.updateCourse(course.id, { title, description, kind, videoDataSaver, ...offline }),
    onSuccess: async () => {
      notify.success(t('editor.saved'));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
  const cover = useMutation({
    mutationFn: (file: File) => uploadFile({ courseId: course.id }, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    onError: (error) => notify.error(errorText(error)),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField id="course-title" label={t('fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} error={fields.title} />
      <TextAreaField
        label={t('fields.description')}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={5000}
        error={fields.description}
      />
      <SelectField
        id="course-kind"
        label={t('kinds.label')}
        value={kind}
        onChange={(e) => setKind(e.target.value as TCourseKind)}
        options={COURSE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
      />
      <p className="text-sm text-gray-600">{t(`kinds.${kind}Help`)}</p>
      <SelectField
        id="course-data-saver"
        label={tv('dataSaver.courseDefault')}
        value={videoDataSaver}
        onChange={(e) => setDataSaver(e.target.value as TVideoDataSaver)}
        options={VIDEO_DATA_SAVER_MODES.map((value) => ({ value, label: tv(`dataSaver.default.${value}`) }))}
      />
      <p className="text-sm text-gray-600">{tv('dataSaver.courseDefaultHelp')}</p>
      <OfflineFields value={offline} onChange={setOffline} />
      <div className="flex flex-wrap items-center gap-3">
        {course.coverUrl ? <img src={course.coverUrl} alt={t('fields.coverAlt')} className="h-20 w-32 rounded-lg object-cover" /> : null}
        <ImageUploadButton
          label={cover.isPending ? t('fields.coverUploading') : course.coverUrl ? t('fields.coverChange') : t('fields.coverAdd')}
          accept="image/jpeg,image/png,image/webp"
          onFile={(file) => cover.mutate(file)}
        />
      </div>
      {save.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
      <Button type="submit" busy={save.isPending} data-testid="save-details">
        {t('common.save')}
      </Button>
    </form>
  );
}

function StatusActions({ course }: { course: TCourseDetail }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const usage = useQuery(usageQuery);
  const setStatus = useMutation({
    mutationFn: (status: 'draft' | 'published' | 'archived') => coursesApi.updateCourse(course.id, { status }),
    onSuccess: async (_r, status) => {
      notify.success(t(`editor.status.${status}Done`));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: () => coursesApi.deleteCourse(course.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      void navigate('/teacher/courses');
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const limitError = setStatus.error instanceof ApiError && setStatus.error.code === 'PLAN_LIMIT_COURSES';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {course.status !== 'published' ? (
          <Button onClick={() => setStatus.mutate('published')} busy={setStatus.isPending} data-testid="publish">
            {t('editor.status.publish')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setStatus.mutate('draft')} busy={setStatus.isPending}>
            {t('editor.status.unpublish')}
          </Button>
        )}
        {course.status !== 'archived' ? (
          <Button variant="secondary" onClick={() => setStatus.mutate('archived')}>
            {t('editor.status.archive')}
          </Button>
        ) : null}
        <ConfirmButton
          cancelLabel={t('common.back')}
          variant="danger"
          label={t('common.delete')}
          title={t('editor.confirmDelete', { title: course.title })}
          body={t('common.cannotUndo')}
          confirmLabel={t('common.delete')}
          onConfirm={() => remove.mutate()}
        />
      </div>
      {limitError && usage.data ? <UpgradePrompt usage={usage.data} what="courses" message={setStatus.error?.message} /> : null}
      {setStatus.isError && !limitError ? <Notice tone="error">{errorText(setStatus.error)}</Notice> : null}
    </div>
  );
}

/** /teacher/courses/:courseId: details, cover, kind, price plans, sections and lessons, and publishing. */
export function CourseEditorPage() {
  const { t } = useTranslation('courses');
  const { t: tp } = useTranslation('platform');
  const { courseId = '' } = useParams();
  const course = useQuery(courseQuery(courseId));
  const subdomain = useSession().teacher?.subdomain ?? '';
  if (course.isPending) {
    return <LoadingBlock blocks={['h-10 w-2/3', 'h-64']} className="space-y-4" />;
  }
  if (course.isError) return <QueryError query={course} />;
  const c = course.data;
  const firstLesson = c.sections.flatMap((s) => s.lessons)[0];
  return (
    <div className="space-y-6">
      <PageTitle title={c.title} subtitle={t('editor.subtitle')}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={toneOf(c.status)} testId="course-status">
            {t(`status.${c.status}`)}
          </Badge>
          {firstLesson ? (
            <Link to={`/t/${subdomain}/preview/courses/${c.id}/lessons/${firstLesson.id}`} className={buttonClass('secondary', 'sm')}>
              {t('outline.preview')}
            </Link>
          ) : null}
          {c.status === 'published' ? (
            // The public page is server-rendered on the teacher's platform, outside this app.
            <a
              href={`/platform/${subdomain}/courses/${c.id}`}
              target="_blank"
              rel="noopener"
              className={buttonClass('secondary', 'sm')}
              data-testid="course-public-page"
            >
              {tp('web.editor.publicPage')}
            </a>
          ) : null}
          <Link to={`/teacher/codes?courseId=${c.id}`} className={buttonClass('secondary', 'sm')} data-testid="course-codes">
            {t('nav.codes')}
          </Link>
          <Link to={`/teacher/dashboard/courses/quizzes/${c.id}`} className={buttonClass('secondary', 'sm')} data-testid="course-quizzes">
            {t('common:pages.quizzes')}
          </Link>
        </div>
      </PageTitle>
      <Card aria-labelledby="status-title">
        <CardHeader id="status-title" title={t('editor.statusTitle')} description={t('editor.statusHelp', { students: c.enrollmentCount })} />
        <StatusActions course={c} />
      </Card>
      <Card aria-labelledby="details-title">
        <CardHeader id="details-title" title={t('editor.detailsTitle')} />
        <DetailsForm key={c.id} course={c} />
      </Card>
      <Card aria-labelledby="plans-title">
        <CardHeader id="plans-title" title={t('plans.title')} description={t('plans.help')} />
        <PlansEditor key={c.plans.map((p) => p.id).join()} courseId={c.id} plans={c.plans} />
      </Card>
      <Card aria-labelledby="content-title">
        <CardHeader id="content-title" title={t('outline.title')} description={t('outline.help')} />
        <OutlineEditor course={c} />
      </Card>
      <Card aria-labelledby="certificates-title">
        <CardHeader id="certificates-title" title={tp('web.settings.title')} description={tp('web.settings.help')} />
        <Slot name="certificateSettings" courseId={c.id} />
      </Card>
    </div>
  );
}

const OFFLINE_DAYS = [0, 1, 3, 7, 14, 30];
type TOffline = { offlineDays: number; offlineDevices: number };

/** Offline lessons (decision 192): how long a downloaded lesson plays without connecting, and on how many devices. */
function OfflineFields({ value, onChange }: { value: TOffline; onChange: (v: TOffline) => void }) {
  const { t: tv } = useTranslation('video');
  const days = OFFLINE_DAYS.includes(value.offlineDays) ? OFFLINE_DAYS : [...OFFLINE_DAYS, value.offlineDays].sort((a, b) => a - b);
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{tv('offline.teacher.title')}</legend>
      <SelectField
        id="course-offline-days"
        label={tv('offline.teacher.days')}
        value={String(value.offlineDays)}
        onChange={(e) => onChange({ ...value, offlineDays: Number(e.target.value) })}
        options={days.map((d) => ({ value: String(d), label: d === 0 ? tv('offline.teacher.off') : tv('offline.teacher.daysN', { count: d }) }))}
      />
      <SelectField
        id="course-offline-devices"
        label={tv('offline.teacher.devices')}
        value={String(value.offlineDevices)}
        onChange={(e) => onChange({ ...value, offlineDevices: Number(e.target.value) })}
        options={[1, 2, 3].map((n) => ({ value: String(n), label: tv('offline.teacher.devicesN', { count: n }) }))}
      />
      <p className="text-sm text-gray-600">{tv('offline.teacher.help')}</p>
    </fieldset>
  );
}
