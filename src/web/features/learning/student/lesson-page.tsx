import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { CheckIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import { usePageTitle } from '@web/components/page-title';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { ApiError } from '@web/lib/api-error';
import { CourseFinished } from '@web/features/learning/components/course-finished';
import { LockIcon } from '@web/components/ui/course-icons';
import { LessonContent, OutlineNav } from '@web/components/lesson/lesson-view';
import { LessonNav } from '@web/components/lesson/lesson-nav';
import { ProgressBar } from '@web/components/ui/course-kit';
import { learningApi, lessonQuery } from '@web/features/learning/api';
import { courseKeys } from '@web/lib/course-queries';
import { QUIZ_ITEM_TYPE } from '@shared/courses';
import { useStudentPaths } from '@web/lib/student-paths';

/** /student/dashboard/courses/:courseId/lessons/:lessonId: the lesson, the outline, and completion. */
export function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const paths = useStudentPaths();
  const view = useQuery(lessonQuery(courseId, lessonId));
  // A quiz or exam of the outline has its own screens (the quizzes feature, issue 25).
  if ((view.data?.lesson.type as string | undefined) === QUIZ_ITEM_TYPE) return <Navigate to={`${paths.home}/quizzes/${lessonId}`} replace />;
  return <LessonScreen />;
}

function LessonScreen() {
  const { t } = useTranslation('courses');
  const { courseId = '', lessonId = '' } = useParams();
  const paths = useStudentPaths();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const view = useQuery(lessonQuery(courseId, lessonId));
  usePageTitle(view.data?.lesson.title ?? t('common:pages.lesson'));
  const [finished, setFinished] = useState(false);
  const complete = useMutation({
    mutationFn: () => learningApi.completeLesson(lessonId),
    onSuccess: async (result) => {
      if (result.courseCompleted) setFinished(true);
      await queryClient.invalidateQueries({ queryKey: courseKeys.student });
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const markUsed = () => {
    if (view.data && !view.data.completed && !complete.isPending) complete.mutate();
  };

  if (view.isPending) return <Skeleton className="h-96" />;
  if (view.isError) {
    const locked = view.error instanceof ApiError && ['LESSON_LOCKED_PREVIOUS', 'LESSON_LOCKED_RELEASE', 'SUBSCRIPTION_REQUIRED'].includes(view.error.code);
    return (
      <Card className="space-y-4 text-center" data-testid={locked ? 'lesson-locked' : 'lesson-error'}>
        <LockIcon className="mx-auto h-10 w-10 text-gray-400" />
        <Notice tone={locked ? 'info' : 'error'}>{errorText(view.error)}</Notice>
        <Link to={paths.course(courseId)} className={buttonClass('primary')}>
          {t('learn.backToCourse')}
        </Link>
      </Card>
    );
  }
  const v = view.data;
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <aside className="order-2 space-y-3 lg:order-1">
        <Link to={paths.course(courseId)} className="block break-words font-bold text-primary-800 hover:underline">
          {v.course.title}
        </Link>
        <ProgressBar percent={v.progress.percent} label={t('learn.progress')} />
        <OutlineNav sections={v.sections} currentId={lessonId} lessonHref={(id) => paths.lesson(courseId, id)} />
      </aside>
      <article className="order-1 min-w-0 space-y-5 lg:order-2">
        {finished ? (
          <CourseFinished
            courseId={courseId}
            courseTitle={v.course.title}
            courseHref={paths.course(courseId)}
            subscriptionsHref={paths.subscriptions}
            onClose={() => setFinished(false)}
          />
        ) : null}
        <header>
          <h1 className="break-words text-2xl font-extrabold text-gray-900" data-testid="lesson-title">
            {v.lesson.title}
          </h1>
        </header>
        <LessonContent lesson={v.lesson} onUsed={markUsed} offlineCourseId={courseId} />
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
          {v.completed ? (
            <p className="flex items-center gap-2 font-medium text-green-700" data-testid="lesson-completed">
              <CheckIcon className="h-5 w-5" />
              {t('learn.completed')}
            </p>
          ) : (
            <Button
              onClick={() => complete.mutate(undefined, { onSuccess: () => notify.success(t('learn.completedToast')) })}
              busy={complete.isPending}
              data-testid="mark-complete"
            >
              {t('learn.markComplete')}
            </Button>
          )}
        </div>
        <LessonNav view={v} href={(id) => paths.lesson(courseId, id)} />
      </article>
    </div>
  );
}
