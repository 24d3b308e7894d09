import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '@web/components/page-title';
import { buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { queryClient } from '@web/lib/query-client';
import { videoPreviewQuery } from './api';
import { VideoPlayer } from './components/video-player';

function Preview() {
  const { t } = useTranslation('video');
  const { lessonId = '' } = useParams();
  const info = useQuery(videoPreviewQuery(lessonId));
  const errorText = useErrorText();
  usePageTitle(info.data ? t('visitorPreview.titleOf', { title: info.data.lessonTitle }) : t('visitorPreview.title'));
  const lesson = info.data;
  // The course page and the sign-up are the teacher's server-rendered platform pages: a full page load.
  const platform = lesson ? `/platform/${encodeURIComponent(lesson.subdomain)}` : '';
  const courseHref = lesson ? `${platform}/courses/${lesson.courseId}` : '';
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      {info.isPending ? <Skeleton className="h-96" /> : null}
      {info.isError ? <Notice tone="error">{errorText(info.error)}</Notice> : null}
      {lesson ? (
        <>
          <a href={courseHref} className="inline-block break-words text-sm font-medium text-primary-700 hover:underline" data-testid="preview-back">
            {t('visitorPreview.back', { course: lesson.courseTitle })}
          </a>
          <div className="space-y-1">
            <p className="break-words text-sm font-semibold text-gray-600" data-testid="preview-teacher">
              {lesson.teacherName}
            </p>
            <h1 className="break-words text-2xl font-extrabold text-gray-900" data-testid="lesson-title">
              {lesson.lessonTitle}
            </h1>
          </div>
          <VideoPlayer lessonId={lesson.lessonId} poster={lesson.thumbnailUrl} preview />
          <Notice tone="info" testId="preview-note">
            {t('visitorPreview.note')}
          </Notice>
          <p className="flex flex-wrap gap-2">
            <a href={courseHref} className={buttonClass('primary', 'md')} data-testid="preview-course">
              {t('visitorPreview.seeCourse')}
            </a>
            <a href={`${platform}/register`} className={buttonClass('secondary', 'md')}>
              {t('visitorPreview.register')}
            </a>
          </p>
        </>
      ) : null}
    </div>
  );
}

/**
 * /platform/{subdomain}/preview/courses/{courseId}/lessons/{lessonId}: a free preview video lesson played for
 * a visitor without an account (decision 075), with the same protected player as the paid lessons.
 */
export function VideoPreviewPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Preview />
    </QueryClientProvider>
  );
}
