import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { CheckIcon, ExternalLinkIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import type { TLessonView } from '@web/lib/course-queries';
import { LockIcon } from '@web/components/ui/course-icons';
import { PdfViewer } from './pdf-viewer';
import { Slot } from '@web/lib/slots';
import { LESSON_CONTENT_CLASS, useCourseFormat } from '@web/components/ui/course-kit';

type TLesson = TLessonView['lesson'];
type TSections = TLessonView['sections'];

/** The course outline beside a lesson: completed, open and locked lessons, each lock with its reason. */
export function OutlineNav({ sections, currentId, lessonHref }: { sections: TSections; currentId?: string; lessonHref: (id: string) => string }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  return (
    <nav aria-label={t('learn.outline')} className="space-y-4" data-testid="course-outline">
      {sections.map((s) => (
        <div key={s.id}>
          <h2 className="mb-2 text-sm font-bold text-gray-700">{s.title}</h2>
          <ol className="space-y-1">
            {s.lessons.map((l) => {
              const locked = l.lock !== null;
              const label = (
                <>
                  <span
                    aria-hidden
                    className={cx(
                      'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs',
                      l.completed ? 'bg-green-600 text-white' : 'bg-gray-200 text-gray-600',
                    )}
                  >
                    {l.completed ? <CheckIcon className="h-4 w-4" /> : locked ? <LockIcon className="h-3.5 w-3.5" /> : null}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block break-words">{l.title}</span>
                    {l.lock ? (
                      <span className="block text-xs text-gray-500">
                        {l.lock === 'release' ? t('learn.locks.releaseOn', { date: format.dateTime(l.releaseAt) }) : t(`learn.locks.${l.lock}`)}
                      </span>
                    ) : null}
                  </span>
                </>
              );
              const common = 'flex items-start gap-2 rounded-lg p-2 text-sm';
              return (
                <li key={l.id} data-testid="outline-lesson" data-lock={l.lock ?? 'open'} data-completed={l.completed}>
                  {locked ? (
                    <span className={cx(common, 'text-gray-500')} aria-disabled="true">
                      <span className="sr-only">{t('learn.locked')}</span>
                      {label}
                    </span>
                  ) : (
                    <Link
                      to={lessonHref(l.id)}
                      aria-current={l.id === currentId ? 'page' : undefined}
                      className={cx(common, l.id === currentId ? 'bg-primary-50 font-bold text-primary-900' : 'text-gray-800 hover:bg-gray-100')}
                    >
                      {label}
                    </Link>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </nav>
  );
}

/** A lesson's content by its type; `onUsed` reports the automatic completion (video ended, link or file opened). */
/** `offlineCourseId`: a student's lesson, which may be downloaded for offline viewing (issue 30). */
export function LessonContent({ lesson, onUsed, offlineCourseId }: { lesson: TLesson; onUsed?: () => void; offlineCourseId?: string }) {
  const { t } = useTranslation('courses');
  // Protected playback: the player reports the position and the server marks the lesson done at 90 %.
  // Students only get ready videos; the teacher's preview may show one still being prepared.
  if (lesson.type === 'video') {
    if (!lesson.video || lesson.video.state === 'none') return <Notice tone="info">{t('learn.noVideo')}</Notice>;
    if (lesson.video.state !== 'ready') return <Notice tone="info">{t(`video:player.notReady.${lesson.video.state}`)}</Notice>;
    // Keyed by lesson: "next lesson" must start a new session, not carry the previous lesson's over.
    const offline = offlineCourseId ? { courseId: offlineCourseId, title: lesson.title, bodyHtml: lesson.bodyHtml } : undefined;
    return <Slot name="videoPlayer" key={lesson.id} lessonId={lesson.id} poster={lesson.video.thumbnailUrl} offline={offline} />;
  }
  if (lesson.type === 'file') {
    if (!lesson.file) return <Notice tone="info">{t('learn.noFile')}</Notice>;
    return (
      <div className="space-y-3">
        {lesson.file.type === 'application/pdf' ? <PdfViewer url={lesson.file.url} name={lesson.file.name} /> : null}
        <a href={lesson.file.url} download={lesson.file.name} onClick={onUsed} className={buttonClass('primary')} data-testid="lesson-download">
          {t('learn.download', { name: lesson.file.name })}
        </a>
      </div>
    );
  }
  if (lesson.type === 'link') {
    return (
      <a href={lesson.url} target="_blank" rel="noopener noreferrer" onClick={onUsed} className={buttonClass('primary')} data-testid="lesson-link">
        {t('learn.openLink')}
        <ExternalLinkIcon className="h-4 w-4" />
      </a>
    );
  }
  // Sanitized by the server when the teacher saved it (services/courses-content.ts).
  return <div className={cx(LESSON_CONTENT_CLASS, 'text-gray-900')} data-testid="lesson-body" dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} />;
}
