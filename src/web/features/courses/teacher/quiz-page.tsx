import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-heading';
import { EmptyState } from '@web/components/ui/empty-state';
import { courseQuery } from '@web/features/courses/api';

/** /teacher/dashboard/courses/quizzes/:courseId: the exam system is "coming soon" (spec §1). */
export function QuizPage() {
  const { t } = useTranslation('courses');
  const { courseId = '' } = useParams();
  const course = useQuery(courseQuery(courseId));
  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.quizzes')} subtitle={course.data?.title} />
      <EmptyState title={t('quiz.comingSoon')} body={t('quiz.body')} testId="quiz-coming-soon">
        <Link to={`/teacher/courses/${courseId}`} className={buttonClass('secondary', 'sm')}>
          {t('quiz.backToCourse')}
        </Link>
      </EmptyState>
    </div>
  );
}
