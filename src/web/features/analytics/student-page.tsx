import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { Slot } from '@web/lib/slots';
import { analyticsQueries, type TStudent } from './api';
import { useFormats } from './format';
import { DataTable } from './section';

/** /teacher/students/{id}/analytics (issue 27): one student's progress, last activity, watch time, quiz scores and payments. */
export function StudentAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const { studentId = '' } = useParams();
  const query = useQuery(analyticsQueries.student(studentId));
  return (
    <div className="space-y-6" data-testid="student-analytics-page">
      <Link to="/teacher/students" className="text-sm font-bold text-primary-700 underline">
        {t('student.back')}
      </Link>
      {query.isPending ? <LoadingBlock blocks={['h-24', 'h-48']} /> : query.isError ? <QueryError query={query} /> : <StudentView data={query.data} />}
      <Slot name="offlineDevices" studentId={studentId} />
    </div>
  );
}

function StudentView({ data }: { data: TStudent }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const facts = [
    { key: 'joined', value: f.date(data.student.joinedAt) },
    { key: 'lastActivity', value: data.lastActivityAt ? f.date(data.lastActivityAt) : t('student.never') },
    { key: 'watchTime', value: t('student.minutes', { count: data.watchMinutes, value: f.num(data.watchMinutes) }) },
  ];
  return (
    <>
      <PageTitle title={data.student.name} subtitle={data.student.email} />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="student-facts">
        {facts.map((x) => (
          <div key={x.key} className="rounded-2xl border border-gray-200 bg-white p-4">
            <dt className="text-sm text-gray-600">{t(`student.${x.key}`)}</dt>
            <dd className="text-lg font-bold text-gray-900" data-testid={`student-${x.key}`}>
              {x.value}
            </dd>
          </div>
        ))}
      </dl>
      <Card aria-labelledby="student-courses-title">
        <CardHeader id="student-courses-title" title={t('student.courses')} />
        <DataTable
          testId="student-courses"
          headers={[t('completion.course'), t('student.progress'), t('student.lastActivity'), t('student.watchTime'), t('student.expires')]}
          rows={data.courses.map((c) => [
            c.title,
            <div key="p" className="min-w-32">
              <div className="text-xs text-gray-700">{t('student.lessonsDone', { done: f.num(c.done), total: f.num(c.lessons) })}</div>
              <div className="mt-1 h-2 rounded-full bg-gray-100">
                <div className="h-2 rounded-full bg-primary-500" style={{ width: `${c.lessons > 0 ? (c.done / c.lessons) * 100 : 0}%` }} />
              </div>
            </div>,
            f.date(c.lastProgressAt),
            t('student.minutes', { count: c.watchMinutes, value: f.num(c.watchMinutes) }),
            c.expiresAt ? f.date(c.expiresAt) : t('student.permanent'),
          ])}
        />
      </Card>
      <Card aria-labelledby="student-quizzes-title">
        <CardHeader id="student-quizzes-title" title={t('student.quizzes')} />
        <DataTable
          testId="student-quizzes"
          headers={[t('student.date'), t('completion.course'), t('quizzes.quiz'), t('student.score')]}
          rows={data.quizzes.map((q) => [
            f.date(q.submittedAt),
            q.courseTitle,
            <span key="q" dir="auto">
              {q.title}
            </span>,
            <span key="s" className="whitespace-nowrap">
              {/* A mark reads "1 / 2" in every language: in a right-to-left row it would otherwise show as "2 / 1". */}
              <bdi dir="ltr">
                {f.num(q.points)} / {f.num(q.maxPoints)}
              </bdi>
              {q.maxPoints > 0 && ` (${f.pct(q.points / q.maxPoints)})`}
            </span>,
          ])}
        />
      </Card>
      <Card aria-labelledby="student-payments-title">
        <CardHeader id="student-payments-title" title={t('student.payments')} />
        <DataTable
          testId="student-payments"
          headers={[t('student.date'), t('completion.course'), t('revenue.method'), t('revenue.amount')]}
          rows={data.payments.map((p) => [f.date(p.createdAt), p.courseTitle ?? '—', t(`methods.${p.method}`), f.dzd(p.amountDzd)])}
        />
      </Card>
    </>
  );
}
