import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateToAlgiersLocal, LESSON_TYPES, type TLessonType } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-error';
import { coursesApi, uploadFile, usageQuery, type TTeacherLesson } from '@web/features/courses/api';
import { RichTextEditor } from './rich-text-editor';
import { Modal, ProgressBar } from './ui';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';
import { FilePicker } from './file-picker';
import { UpgradePrompt } from './upgrade-prompt';
import { VideoUpload } from './video/video-upload';

const ACCEPT = '.pdf,.zip,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.jpg,.jpeg,.png,.webp,.mp3,.txt';

type TProps = {
  courseId: string;
  sectionId: string;
  scheduled: boolean;
  lesson: TTeacherLesson | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Adds or edits a lesson: its type decides what it holds (video or file upload, rich text, link). */
export function LessonDialog({ courseId, sectionId, scheduled, lesson, onClose, onSaved }: TProps) {
  const { t } = useTranslation('courses');
  const { t: tp } = useTranslation('platform');
  const errorText = useErrorText();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [type, setType] = useState<TLessonType>((lesson?.type as TLessonType | undefined) ?? 'text');
  const [bodyHtml, setBodyHtml] = useState(lesson?.bodyHtml ?? '');
  const [url, setUrl] = useState(lesson?.url ?? '');
  const [releaseAt, setReleaseAt] = useState(lesson?.releaseAt ? dateToAlgiersLocal(lesson.releaseAt) : '');
  const [freePreview, setFreePreview] = useState(lesson?.freePreview ?? false);
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  // A new video lesson is saved as soon as its video starts uploading; later saves update it.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [videoBusy, setVideoBusy] = useState(false);
  const lessonId = lesson?.id ?? createdId;
  const usage = useQuery({ ...usageQuery, enabled: false });

  const save = useMutation({
    mutationFn: async ({ close }: { close: boolean }) => {
      const fields = { title, type, bodyHtml, url, freePreview, ...(scheduled ? { releaseAt: releaseAt || null } : {}) };
      const saved = lessonId
        ? await coursesApi.updateLesson(lessonId, fields)
        : await coursesApi.createLesson(courseId, { ...fields, sectionId });
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
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const storageFull = save.error instanceof ApiError && save.error.code === 'STORAGE_LIMIT';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ close: true });
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={lesson ? t('lesson.editTitle') : t('lesson.addTitle')} testId="lesson-dialog">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField id="lesson-title" label={t('fields.title')} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} error={fieldErrors.title} />
        <SelectField
          id="lesson-type"
          label={t('lesson.type')}
          value={type}
          onChange={(e) => setType(e.target.value as TLessonType)}
          options={LESSON_TYPES.map((value) => ({ value, label: t(`lesson.types.${value}`) }))}
        />
        {type === 'text' ? <RichTextEditor id="lesson-body" label={t('lesson.body')} value={bodyHtml} onChange={setBodyHtml} /> : null}
        {type === 'link' ? (
          <TextField id="lesson-url" type="url" dir="ltr" label={t('lesson.url')} value={url} onChange={(e) => setUrl(e.target.value)} error={fieldErrors.url} placeholder={t('lesson.urlPlaceholder')} />
        ) : null}
        {type === 'file' ? (
          <div className="space-y-1.5">
            <FilePicker id="lesson-file" label={t('lesson.attachment')} accept={ACCEPT} file={file} onChange={setFile} />
            {lesson?.file && !file ? <p className="text-xs text-gray-600">{t('lesson.currentFile', { name: lesson.file.name })}</p> : null}
          </div>
        ) : null}
        {type === 'video' ? <VideoUpload lessonId={lessonId} ensureLesson={ensureLesson} onBusyChange={setVideoBusy} /> : null}
        {scheduled ? (
          <TextField
            id="lesson-release"
            type="datetime-local"
            label={t('lesson.releaseAt')}
            hint={t('lesson.releaseHint')}
            value={releaseAt}
            onChange={(e) => setReleaseAt(e.target.value)}
            error={fieldErrors.releaseAt}
          />
        ) : null}
        <div>
          <CheckboxField label={tp('web.lesson.freePreview')} checked={freePreview} onCheckedChange={setFreePreview} data-testid="lesson-free-preview" />
          <p className="text-xs text-gray-500">{type === 'video' ? tp('web.lesson.freePreviewVideo') : tp('web.lesson.freePreviewHelp')}</p>
        </div>
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
