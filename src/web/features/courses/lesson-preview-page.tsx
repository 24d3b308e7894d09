import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { usePageTitle } from '@web/components/page-title';
import { useErrorText } from '@web/lib/api-errors';
import { buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { queryClient } from '@web/lib/query-client';
import { LessonContent, OutlineNav } from '@web/components/lesson/lesson-view';
import { previewQuery } from './api';
import { LessonNav } from '@web/components/lesson/lesson-nav';

function Preview() {
  const { t } = useTranslation('courses');
  const { subdomain = '', courseId = '', lessonId = '' } = useParams();
  const location = useLocation();
  const view = useQuery(previewQuery(courseId, lessonId));
  const errorText = useErrorText();
  usePageTitle(view.data ? t('preview.titleOf', { title: view.data.lesson.title }) : t('common:pages.lessonPreview'));
  const href = (id: string) => `/t/${subdomain}/preview/courses/${courseId}/lessons/${id}`;
  if (view.isError && view.error instanceof ApiError && (view.error.code === 'UNAUTHENTICATED' || view.error.code === 'FORBIDDEN')) {
    return <Navigate to={`/login?redirectTo=${encodeURIComponent(location.pathname)}`} replace />;
  }
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <Notice tone="info" testId="preview-banner">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span>{t('preview.banner')}</span>
          <Link to={`/teacher/courses/${courseId}`} className={buttonClass('secondary', 'sm')}>
            {t('preview.backToEditor')}
          </Link>
        </span>
      </Notice>
      {view.isPending ? <Skeleton className="h-96" /> : null}
      {view.isError ? <Notice tone="error">{errorText(view.error)}</Notice> : null}
      {view.data ? (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <aside className="order-2 space-y-3 lg:order-1">
            <p className="break-words font-bold text-primary-800">{view.data.course.title}</p>
            <OutlineNav sections={view.data.sections} currentId={lessonId} lessonHref={href} />
          </aside>
          <article className="order-1 min-w-0 space-y-5 lg:order-2">
            <h1 className="break-words text-2xl font-extrabold text-gray-900" data-testid="lesson-title">
              {view.data.lesson.title}
            </h1>
            <LessonContent lesson={view.data.lesson} />
            <LessonNav view={view.data} href={href} />
          </article>
        </div>
      ) : null}
    </div>
  );
}

/**
 * /t/{subdomain}/preview/courses/{courseId}/lessons/{lessonId}: the teacher sees a lesson as their students
 * will, without locks. The server only answers the course's own teacher.
 */
export function LessonPreviewPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Preview />
    </QueryClientProvider>
  );
}
