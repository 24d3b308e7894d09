import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateToAlgiersLocal, LESSON_TYPES, type TLessonType } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-error';
import { coursesApi, uploadFile, type TTeacherLesson } from '@web/features/courses/api';
import { usageQuery } from '@web/lib/course-queries';
import { RichTextEditor } from './rich-text-editor';
import { ProgressBar } from '@web/components/ui/course-kit';
import { Modal } from '@web/components/ui/modal';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';
import { FilePicker } from '@web/components/file-picker';
import { UpgradePrompt } from '@web/components/upgrade-prompt';
import { Slot } from '@web/lib/slots';

const ACCEPT = '.pdf,.zip,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.jpg,.jpeg,.png,.webp,.mp3,.txt';

type TProps = {
  courseId: string;
  sectionId: string;
  scheduled: boolean;
  lesson: TTeacherLesson | null;
  onClose: () => void;
  onSaved: () => void;
};

type TDraft = { title: string; type: TLessonType; bodyHtml: string; url: string; freePreview: boolean; releaseAt: string; file: File | null };

/** Saves the lesson (created on its first save), then uploads its file with the progress shown. */
function useSaveLesson({ courseId, sectionId, scheduled, lesson, onClose, onSaved }: TProps, draft: TDraft) {
  const { title, type, bodyHtml, url, freePreview, releaseAt, file } = draft;
  const [sent, setSent] = useState<number | null>(null);
  // A new video lesson is saved as soon as its video starts uploading; later saves update it.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const lessonId = lesson?.id ?? createdId;
  const usage = useQuery({ ...usageQuery, enabled: false });

  const save = useMutation({
    mutationFn: async ({ close }: { close: boolean }) => {
      const fields = { title, type, bodyHtml, url, freePreview, ...(scheduled ? { releaseAt: releaseAt || null } : {}) };
      const saved = lessonId ? await coursesApi.updateLesson(lessonId, fields) : await coursesApi.createLesson(courseId, { ...fields, sectionId });
      if (file && type === 'file') {
        setSent(0);
        await uploadFile({ lessonId: saved.id }, file, setSent).finally(() => setSent(null));
      }
      return { saved, close };
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'STORAGE_LIMIT') void usage.refetch();
    },
    onSuccess: ({ saved, close }) => {
      setCreatedId(saved.id);
      onSaved();
      if (close) onClose();
    },
  });
  const ensureLesson = useCallback(async () => {
    if (lessonId) return lessonId;
    return save.mutateAsync({ close: false }).then(
      (r) => r.saved.id,
      () => null,
    );
  }, [lessonId, save]);
  return { save, sent, lessonId, ensureLesson, usage };
}

/** When a scheduled lesson opens, and whether visitors may watch it before subscribing. */
function LessonAccess(props: {
  scheduled: boolean;
  isVideo: boolean;
  releaseAt: string;
  setReleaseAt: (value: string) => void;
  releaseError: string | undefined;
  freePreview: boolean;
  setFreePreview: (value: boolean) => void;
}) {
  const { t } = useTranslation('courses');
  const { t: tp } = useTranslation('platform');
  const { scheduled, isVideo, releaseAt, setReleaseAt, releaseError, freePreview, setFreePreview } = props;
  return (
    <>
      {scheduled ? (
        <TextField
          id="lesson-release"
          type="datetime-local"
          label={t('lesson.releaseAt')}
          hint={t('lesson.releaseHint')}
          value={releaseAt}
          onChange={(e) => setReleaseAt(e.target.value)}
          error={releaseError}
        />
      ) : null}
      <div>
        <CheckboxField label={tp('web.lesson.freePreview')} checked={freePreview} onCheckedChange={setFreePreview} data-testid="lesson-free-preview" />
        <p className="text-xs text-gray-500">{isVideo ? tp('web.lesson.freePreviewVideo') : tp('web.lesson.freePreviewHelp')}</p>
      </div>
    </>
  );
}

/** A file lesson's attachment: the picker, and the file already saved while no new one is chosen. */
function LessonFile({ file, setFile, current }: { file: File | null; setFile: (file: File | null) => void; current: NonNullable<TProps['lesson']>['file'] }) {
  const { t } = useTranslation('courses');
  return (
    <div className="space-y-1.5">
      <FilePicker id="lesson-file" label={t('lesson.attachment')} accept={ACCEPT} file={file} onChange={setFile} />
      {current && !file ? <p className="text-xs text-gray-600">{t('lesson.currentFile', { name: current.name })}</p> : null}
    </div>
  );
}

/** Adds or edits a lesson: its type decides what it holds (video or file upload, rich text, link). */
export function LessonDialog({ courseId, sectionId, scheduled, lesson, onClose, onSaved }: TProps) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [type, setType] = useState<TLessonType>((lesson?.type as TLessonType | undefined) ?? 'text');
  const [bodyHtml, setBodyHtml] = useState(lesson?.bodyHtml ?? '');
  const [url, setUrl] = useState(lesson?.url ?? '');
  const [releaseAt, setReleaseAt] = useState(lesson?.releaseAt ? dateToAlgiersLocal(lesson.releaseAt) : '');
  const [freePreview, setFreePreview] = useState(lesson?.freePreview ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [videoBusy, setVideoBusy] = useState(false);
  const draft = { title, type, bodyHtml, url, freePreview, releaseAt, file };
  const { save, sent, lessonId, ensureLesson, usage } = useSaveLesson({ courseId, sectionId, scheduled, lesson, onClose, onSaved }, draft);
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const storageFull = save.error instanceof ApiError && save.error.code === 'STORAGE_LIMIT';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ close: true });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={lesson ? t('lesson.editTitle') : t('lesson.addTitle')} testId="lesson-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          id="lesson-title"
          label={t('fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={200}
          error={fieldErrors.title}
        />
        <SelectField
          id="lesson-type"
          label={t('lesson.type')}
          value={type}
          onChange={(e) => setType(e.target.value as TLessonType)}
          options={LESSON_TYPES.map((value) => ({ value, label: t(`lesson.types.${value}`) }))}
        />
        {type === 'text' ? <RichTextEditor id="lesson-body" label={t('lesson.body')} value={bodyHtml} onChange={setBodyHtml} /> : null}
        {type === 'link' ? (
          <TextField
            id="lesson-url"
            type="url"
            dir="ltr"
            label={t('lesson.url')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={fieldErrors.url}
            placeholder={t('lesson.urlPlaceholder')}
          />
        ) : null}
        {type === 'file' ? <LessonFile file={file} setFile={setFile} current={lesson?.file ?? null} /> : null}
        {type === 'video' ? <Slot name="videoUpload" lessonId={lessonId} ensureLesson={ensureLesson} onBusyChange={setVideoBusy} /> : null}
        <LessonAccess
          scheduled={scheduled}
          isVideo={type === 'video'}
          releaseAt={releaseAt}
          setReleaseAt={setReleaseAt}
          releaseError={fieldErrors.releaseAt}
          freePreview={freePreview}
          setFreePreview={setFreePreview}
        />
        {sent !== null ? (
          <div data-testid="upload-progress">
            <ProgressBar percent={sent} label={t('lesson.uploading')} />
          </div>
        ) : null}
        {storageFull && usage.data ? <UpgradePrompt usage={usage.data} what="storage" message={save.error?.message} /> : null}
        {save.isError && !storageFull && Object.keys(fieldErrors).length === 0 ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
        {videoBusy ? <p className="text-xs text-gray-600">{t('video:upload.saveAfter')}</p> : null}
        <Button type="submit" busy={save.isPending} disabled={videoBusy} className="w-full" data-testid="lesson-save">
          {t('common.save')}
        </Button>
      </form>
    </Modal>
  );
}
