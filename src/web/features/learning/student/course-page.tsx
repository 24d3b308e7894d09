import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { OutlineNav } from '@web/components/lesson/lesson-view';
import { TeacherContact } from '@web/features/learning/components/teacher-contact';
import { ProgressBar, toneOf, useCourseFormat } from '@web/components/ui/course-kit';
import { Badge } from '@web/components/ui/badge';
import { cardPaymentQuery, learningApi, outlineQuery } from '@web/features/learning/api';
import { courseKeys } from '@web/lib/course-queries';
import { useStudentPaths } from '@web/lib/student-paths';
import { LiveSessionsCard } from '@web/features/learning/components/live-sessions-card';
import { AwardIcon } from '@web/components/ui/icons';
import { Slot } from '@web/lib/slots';

type TOutline = Awaited<ReturnType<NonNullable<ReturnType<typeof outlineQuery>['queryFn']>>>;

/** How to join a course without access: its plans and checkout, the card payment, a code, or a free enrollment. */
function JoinCard({ o }: { o: TOutline }) {
  const { t } = useTranslation('courses');
  const paths = useStudentPaths();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const courseId = o.course.id;
  const free = o.plans.some((p) => p.type === 'free');
  const card = useQuery({ ...cardPaymentQuery(courseId), enabled: !free });
  const enrollFree = useMutation({
    mutationFn: () => learningApi.enrollFree(courseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    onError: (error) => notify.error(errorText(error)),
  });
  return (
    <Card aria-labelledby="join-title">
      <CardHeader id="join-title" title={t('learn.joinTitle')} description={t('learn.joinBody')} />
      {free ? null : <TeacherContact subdomain={o.course.subdomain} />}
      {o.plans.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-2">
          {o.plans.map((p) => (
            <li key={p.id} className="flex items-center gap-2">
              <Badge tone="gray">{p.type === 'free' ? t('plans.types.free') : `${t(`plans.types.${p.type}`)} — ${format.price(p.priceDzd)}`}</Badge>
              {/* Paying for a plan (issue 13): the checkout offers the teacher's ways to pay. */}
              {p.type === 'free' ? null : (
                <Link to={paths.checkout(o.course.id, p.id)} className={buttonClass('primary', 'sm')} data-testid="buy-plan">
                  {t('learn.buyPlan')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {!free && card.data ? (
        <Link to={paths.pay(o.course.id)} className={buttonClass('primary', 'md', 'mb-4')} data-testid="pay-online">
          {t('learn.payByCard')}
        </Link>
      ) : null}
      {free ? (
        <Button onClick={() => enrollFree.mutate()} busy={enrollFree.isPending} data-testid="enroll-free">
          {t('learn.enrollFree')}
        </Button>
      ) : (
        <Slot name="redeemForm" platform={paths.platform ?? o.course.subdomain} />
      )}
    </Card>
  );
}

/** /student/dashboard/courses/:courseId: the outline with its locks, progress, and how to subscribe. */
export function StudentCoursePage() {
  const { t } = useTranslation('courses');
  const { t: tn } = useTranslation('notifications');
  const { courseId = '' } = useParams();
  const paths = useStudentPaths();
  const outline = useQuery(outlineQuery(courseId));
  const format = useCourseFormat();
  if (outline.isPending) return <Skeleton className="h-64" />;
  if (outline.isError) return <QueryError query={outline} />;
  const o = outline.data;
  const sub = o.subscription;
  const hasAccess = sub !== null && (sub.status === 'active' || sub.status === 'expiring');
  // Issue 24, defect 13: a finished course says so here too, with its certificate, not only on the last lesson.
  const completed = o.progress.total > 0 && o.progress.done >= o.progress.total;
  return (
    <div className="space-y-6">
      <PageTitle title={o.course.title} subtitle={t('learn.byTeacher', { name: o.course.teacherName })}>
        <Link to={paths.subscriptions} className={buttonClass('ghost', 'sm')}>
          {t('nav.mySubscriptions')}
        </Link>
        {/* Issue 26: a question to the teacher, in the conversation with them. */}
        <Link to={`${paths.home}/messages`} className={buttonClass('secondary', 'sm')} data-testid="write-teacher">
          {tn('messages.writeTeacher')}
        </Link>
      </PageTitle>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="blue">{t(`kinds.${o.course.kind}`)}</Badge>
          {sub ? (
            <Badge tone={toneOf(sub.status)} testId="subscription-status">
              {sub.status === 'expiring' ? t('subscriptions.expiringIn', { count: sub.daysLeft ?? 0 }) : t(`subscriptions.status.${sub.status}`)}
            </Badge>
          ) : null}
          {sub?.expiresAt ? <span className="text-sm text-gray-600">{t('students.expiresOn', { date: format.date(sub.expiresAt) })}</span> : null}
        </div>
        {o.course.description ? <p className="whitespace-pre-line text-gray-700">{o.course.description}</p> : null}
        <p className="text-sm text-gray-600">{t(`kinds.${o.course.kind}Help`)}</p>
        <ProgressBar percent={o.progress.percent} label={t('learn.progress')} />
        {completed ? (
          <div className="space-y-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900" data-testid="course-completed">
            <p className="flex items-center gap-2 font-bold">
              <AwardIcon className="h-5 w-5 shrink-0 text-green-700" />
              {t('learn.completedCourse')}
            </p>
            <Slot name="certificateActions" courseId={o.course.id} completed />
          </div>
        ) : null}
        {hasAccess && o.nextLessonId ? (
          <Link to={paths.lesson(o.course.id, o.nextLessonId)} className={buttonClass('primary')} data-testid="continue">
            {o.progress.done === 0 ? t('learn.start') : t('learn.continue')}
          </Link>
        ) : null}
      </Card>
      {!hasAccess ? <JoinCard o={o} /> : null}
      {hasAccess ? <LiveSessionsCard platform={paths.platform} courseId={o.course.id} /> : null}
      <Card aria-labelledby="outline-title">
        <CardHeader id="outline-title" title={t('learn.outline')} description={t('learn.progressText', { done: o.progress.done, count: o.progress.total })} />
        <OutlineNav sections={o.sections} lessonHref={(id) => paths.lesson(o.course.id, id)} />
      </Card>
    </div>
  );
}
