import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@web/components/ui/button';
import { CloseIcon, SparkIcon } from '@web/components/ui/icons';
import { Slot } from '@web/lib/slots';

/**
 * The moment a student completes a course's last lesson (issue 11). Not a modal: it sits above the lesson
 * and takes focus once so screen readers announce it, yet the page stays usable and it closes with a button.
 */
export function CourseFinished({
  courseId,
  courseTitle,
  courseHref,
  subscriptionsHref,
  onClose,
}: {
  courseId: string;
  courseTitle: string;
  courseHref: string;
  subscriptionsHref: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('courses');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      role="status"
      aria-labelledby="course-finished-title"
      className="relative space-y-3 rounded-2xl border border-green-200 bg-green-50 p-5 text-green-900"
      data-testid="course-finished"
    >
      <Button
        variant="ghost"
        size="sm"
        onClick={onClose}
        aria-label={t('learn.finished.close')}
        className="absolute end-2 top-2"
        data-testid="course-finished-close"
      >
        <CloseIcon className="h-4 w-4" />
      </Button>
      <SparkIcon className="h-8 w-8 text-green-700" />
      <h2 id="course-finished-title" ref={heading} tabIndex={-1} className="pe-10 text-xl font-extrabold outline-none">
        {t('learn.finished.title')}
      </h2>
      <p className="break-words">{t('learn.finished.body', { course: courseTitle })}</p>
      {/* The certificate was issued by the completion itself (decision 069). */}
      <Slot name="certificateActions" courseId={courseId} completed />
      <div className="flex flex-wrap gap-2">
        <Link to={courseHref} className={buttonClass('primary', 'sm')}>
          {t('learn.backToCourse')}
        </Link>
        <Link to={subscriptionsHref} className={buttonClass('secondary', 'sm')}>
          {t('learn.finished.subscriptions')}
        </Link>
      </div>
    </section>
  );
}
