import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { cx } from '@web/lib/cx';
import { QueryError } from '@web/components/ui/error-state';
import { ArrowForwardIcon, BookIcon } from '@web/components/ui/icons';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ProgressBar, toneOf } from '@web/components/ui/course-kit';
import { Badge } from '@web/components/ui/badge';
import { subscriptionsQuery, type TSubscriptions } from '@web/features/learning/api';
import { useStudentPaths } from '@web/lib/student-paths';
import { Slot } from '@web/lib/slots';

type TSub = TSubscriptions['subscriptions'][number];
type TPlatform = { name: string; subdomain: string };

const opensLessons = (sub: TSub) => sub.status === 'active' || sub.status === 'expiring';

/** What the card's one button does: the next lesson when there is one, else the course's page. */
function CourseAction({ sub, titleId }: { sub: TSub; titleId: string }) {
  const { t } = useTranslation('dashboard');
  const paths = useStudentPaths();
  const { done, total } = sub.progress;
  if (sub.course.status === 'draft') return <p className="text-sm text-gray-600">{t('student.courses.hidden')}</p>;
  if (sub.nextLessonId) {
    return (
      <Link
        to={paths.lesson(sub.course.id, sub.nextLessonId)}
        className={buttonClass('primary', 'md', 'w-full sm:w-auto sm:min-w-48')}
        aria-describedby={titleId}
        data-testid="continue-course"
      >
        {done === 0 ? t('courses:learn.start') : t('courses:learn.continue')}
        <ArrowForwardIcon className="h-4 w-4" />
      </Link>
    );
  }
  const finished = total > 0 && done >= total;
  const label = !opensLessons(sub) ? t('student.courses.renew') : finished ? t('student.courses.review') : t('courses:mine.openCourse');
  return (
    <div className="space-y-2">
      {opensLessons(sub) && !finished ? <p className="text-sm text-gray-600">{t('student.courses.nothingOpen')}</p> : null}
      <Link
        to={paths.course(sub.course.id)}
        className={buttonClass(opensLessons(sub) ? 'secondary' : 'primary', 'md', 'w-full sm:w-auto sm:min-w-48')}
        aria-describedby={titleId}
        data-testid="open-course"
      >
        {label}
      </Link>
    </div>
  );
}

function CourseCard({ sub }: { sub: TSub }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const { done, total, percent } = sub.progress;
  const finished = total > 0 && done >= total;
  return (
    <li
      className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm sm:flex-row"
      data-testid="course-card"
      data-course-id={sub.course.id}
      data-status={sub.status}
    >
      {/* The cover only decorates: the title is read right after it, so its text alternative is empty. */}
      <div
        className={cx(
          'relative flex shrink-0 items-center justify-center bg-primary-50 text-primary-300 sm:w-56',
          sub.course.coverUrl ? 'aspect-video sm:aspect-auto' : 'h-20 sm:h-auto',
        )}
      >
        {sub.course.coverUrl ? (
          <img src={sub.course.coverUrl} alt={''} loading="lazy" className="absolute inset-0 h-full w-full object-cover" />
        ) : (
          <BookIcon className="h-10 w-10" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="break-words font-bold text-gray-900">
              {sub.course.title}
            </h3>
            <p className="text-sm text-gray-600">{t('courses:learn.byTeacher', { name: sub.course.teacherName })}</p>
          </div>
          <Badge tone={toneOf(sub.status)} testId="course-status">
            {sub.status === 'expiring' ? t('student.courses.expiresIn', { count: sub.daysLeft ?? 0 }) : t(`courses:subscriptions.status.${sub.status}`)}
          </Badge>
        </div>
        <div className="max-w-md space-y-1">
          <ProgressBar percent={percent} label={t('courses:mine.progressOf', { title: sub.course.title })} />
          <p className="text-xs text-gray-600" data-testid="course-progress">
            {finished ? t('student.courses.finished') : t('student.courses.progress', { done, count: total })}
          </p>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <CourseAction sub={sub} titleId={titleId} />
          <Slot name="certificateActions" courseId={sub.course.id} completed={finished} />
        </div>
      </div>
    </li>
  );
}

/** No subscription yet: how to get one here (a card's code, or a free course), or on which platform. */
function NoCourses({ data, platforms }: { data: TSubscriptions; platforms: TPlatform[] }) {
  const { t } = useTranslation('dashboard');
  const paths = useStudentPaths();
  const free = data.available.filter((c) => c.plans.some((p) => p.type === 'free'));
  return (
    <div data-testid="courses-empty" className="space-y-4 rounded-xl border border-dashed border-gray-300 p-6 text-center">
      <BookIcon className="mx-auto h-8 w-8 text-gray-400" />
      <div className="space-y-1">
        <p className="font-bold text-gray-900">{data.platform ? t('student.courses.emptyHere') : t('student.courses.empty')}</p>
        <p className="mx-auto max-w-md text-sm text-gray-600">{data.platform ? t('student.courses.emptyHereBody') : t('student.courses.emptyBody')}</p>
      </div>
      {data.platform ? (
        <Link to={paths.subscriptions} className={buttonClass('primary')} data-testid="redeem-link">
          {t('student.courses.redeem')}
        </Link>
      ) : (
        <ul className="flex flex-wrap justify-center gap-2">
          {platforms.map((p) => (
            <li key={p.subdomain} className="max-w-full">
              <Link
                to={`/platform/${p.subdomain}/student/dashboard/subscriptions`}
                className={buttonClass('secondary', 'sm', 'max-w-full')}
                data-testid="redeem-link"
              >
                <span className="min-w-0 break-words">{t('student.courses.redeemOn', { name: p.name })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {free.length > 0 ? (
        <div className="space-y-2 text-start" data-testid="free-courses">
          <p className="text-sm font-bold text-gray-900">{t('student.courses.freeTitle')}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {free.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-2 rounded-xl border border-gray-200 bg-white p-3">
                <span className="min-w-0 break-words font-medium text-gray-900">{c.title}</span>
                <Link to={paths.course(c.id)} className={buttonClass('secondary', 'sm', 'shrink-0')}>
                  {t('student.courses.view')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The home's first card: the courses the student follows on this platform (all of them on the main
 * domain), each with its progress and a button that opens the lesson to study next (the server decides it).
 */
export function MyCourses({ platforms }: { platforms: TPlatform[] }) {
  const { t } = useTranslation('dashboard');
  const paths = useStudentPaths();
  const query = useQuery(subscriptionsQuery(paths.platform));
  let body;
  if (query.isPending) {
    body = <LoadingBlock label={t('student.courses.loading')} blocks={['h-64 sm:h-44']} className="space-y-4" />;
  } else if (query.isError) {
    body = <QueryError query={query} />;
  } else if (query.data.subscriptions.length === 0) {
    body = <NoCourses data={query.data} platforms={platforms} />;
  } else {
    // Courses the student can study come first; expired and cancelled ones follow, to be renewed.
    const subs = [...query.data.subscriptions].sort((a, b) => Number(opensLessons(b)) - Number(opensLessons(a)));
    body = (
      <ul className="space-y-4" data-testid="course-cards">
        {subs.map((s) => (
          <CourseCard key={s.id} sub={s} />
        ))}
      </ul>
    );
  }
  // On a teacher's own host the address names no platform: the answer says which one the list is for.
  const scope = query.data
    ? query.data.platform
      ? t('student.courses.descriptionHere', { name: query.data.platform.name })
      : t('student.courses.descriptionAll')
    : undefined;
  return (
    <Card aria-labelledby="courses-title">
      <CardHeader id="courses-title" title={t('student.courses.title')} description={scope} />
      {body}
    </Card>
  );
}
