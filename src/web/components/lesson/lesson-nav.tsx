import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { ArrowForwardIcon } from '@web/components/ui/icons';
import type { TLessonView } from '@web/lib/course-queries';

/** Previous and next, in the reading direction; "next" is disabled while the next lesson is locked. */
export function LessonNav({ view, href }: { view: Pick<TLessonView, 'previousId' | 'nextId' | 'sections'>; href: (id: string) => string }) {
  const { t } = useTranslation('courses');
  const lessons = view.sections.flatMap((s) => s.lessons);
  const nextLocked = lessons.find((l) => l.id === view.nextId)?.lock ?? null;
  return (
    <nav aria-label={t('learn.lessonNav')} className="flex flex-wrap items-center justify-between gap-2">
      {view.previousId ? (
        <Link to={href(view.previousId)} className={buttonClass('secondary', 'sm')} data-testid="previous-lesson">
          <ArrowForwardIcon className="h-4 w-4 -scale-x-100 rtl:scale-x-100" />
          {t('learn.previous')}
        </Link>
      ) : (
        <span />
      )}
      {view.nextId ? (
        nextLocked ? (
          <span className={buttonClass('secondary', 'sm', 'cursor-not-allowed opacity-60')} aria-disabled="true" data-testid="next-lesson-locked">
            {t('learn.nextLocked')}
          </span>
        ) : (
          <Link to={href(view.nextId)} className={buttonClass('secondary', 'sm')} data-testid="next-lesson">
            {t('learn.next')}
            <ArrowForwardIcon className="h-4 w-4" />
          </Link>
        )
      ) : null}
    </nav>
  );
}
