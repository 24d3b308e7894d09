import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { TextField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { attemptsQuery, csvUrl, extraTimeQuery, itemAnalysisQuery, quizzesKeys, setExtraTime, teacherQuizQuery } from '@web/features/quizzes/api';
import type { TTeacherAttempt } from '@shared/quizzes/views';
import { useNumber } from '@web/features/quizzes/components/use-number';
import { MathText } from '@web/features/quizzes/math/math-text';
import { editorPath, gradePath } from './paths';

/** /teacher/dashboard/courses/quizzes/:courseId/:quizId/results: every attempt, the grading queue, the CSV, item analysis, extra time. */
export function ResultsPage() {
  const { t } = useTranslation('quizzes');
  const { courseId = '', quizId = '' } = useParams();
  const attempts = useQuery(attemptsQuery(quizId));
  const quiz = useQuery(teacherQuizQuery(quizId));
  if (attempts.isPending) return <LoadingBlock />;
  if (attempts.isError) return <QueryError query={attempts} />;
  const rows = attempts.data.attempts;
  const queue = rows.filter((a) => a.pendingGrading > 0);
  return (
    <div className="space-y-6">
      <PageTitle title={t('results.title')} subtitle={quiz.data?.title}>
        <a href={csvUrl(quizId)} className={buttonClass('secondary', 'sm')} data-testid="csv-export" download>
          {t('results.csv')}
        </a>
        <Link to={editorPath(courseId, quizId)} className={buttonClass('secondary', 'sm')}>
          {t('manager.edit')}
        </Link>
      </PageTitle>

      <section aria-labelledby="grading-queue" className="space-y-2">
        <h2 id="grading-queue" className="font-bold text-gray-900">
          {t('results.queue', { count: queue.length })}
        </h2>
        {queue.length === 0 ? (
          <p className="text-sm text-gray-600">{t('results.queueEmpty')}</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-xl border border-amber-200 bg-amber-50/50" data-testid="grading-queue">
            {queue.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 p-3 text-sm">
                <span>
                  {a.studentName} <span className="text-gray-500">{t('results.toGrade', { count: a.pendingGrading })}</span>
                </span>
                <Link to={gradePath(courseId, quizId, a.id)} className={buttonClass('primary', 'sm')} data-testid="grade-attempt">
                  {t('results.grade')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="all-attempts" className="space-y-2">
        <h2 id="all-attempts" className="font-bold text-gray-900">
          {t('results.attempts', { count: rows.length })}
        </h2>
        <AttemptsTable courseId={courseId} quizId={quizId} rows={rows} />
      </section>

      <ItemAnalysis quizId={quizId} />
      {quiz.data?.timeLimitMinutes ? <ExtraTime courseId={courseId} quizId={quizId} /> : null}
    </div>
  );
}

/** Facility (share of the points earned) and discrimination (strong students minus weak ones) per question; the hardest first. */
function ItemAnalysis({ quizId }: { quizId: string }) {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const items = useQuery(itemAnalysisQuery(quizId));
  if (items.isPending) return <LoadingBlock />;
  if (items.isError) return <QueryError query={items} />;
  const pct = (v: number | null) => (v === null ? '—' : `${num(Math.round(v * 100))}%`);
  return (
    <section aria-labelledby="item-analysis" className="space-y-2">
      <h2 id="item-analysis" className="font-bold text-gray-900">
        {t('results.items')}
      </h2>
      <p className="text-sm text-gray-600">{t('results.itemsHint')}</p>
      {items.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">{t('results.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="w-full text-sm" data-testid="item-analysis">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th className="p-2 text-start font-medium">{t('results.question')}</th>
                <th className="p-2 text-start font-medium">{t('results.answeredBy')}</th>
                <th className="p-2 text-start font-medium">{t('results.facility')}</th>
                <th className="p-2 text-start font-medium">{t('results.discrimination')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {[...items.data.items]
                .sort((a, b) => (a.facility ?? 1) - (b.facility ?? 1))
                .map((i) => (
                  <tr key={i.questionId}>
                    <td className="max-w-xs p-2">
                      <MathText text={i.prompt.length > 140 ? `${i.prompt.slice(0, 140)}…` : i.prompt} />
                    </td>
                    <td className="p-2 tabular-nums">{num(i.answered)}</td>
                    <td className={`p-2 tabular-nums ${i.facility !== null && i.facility < 0.3 ? 'font-semibold text-red-700' : ''}`}>
                      <bdi dir="ltr">{pct(i.facility)}</bdi>
                    </td>
                    <td className={`p-2 tabular-nums ${i.discrimination !== null && i.discrimination < 0.2 ? 'text-amber-700' : ''}`}>
                      <bdi dir="ltr">{i.discrimination === null ? '—' : num(Math.round(i.discrimination * 100) / 100)}</bdi>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Extra minutes for one student (an arrangement, a late start the teacher allowed): added to their deadline. */
function ExtraTime({ courseId, quizId }: { courseId: string; quizId: string }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const list = useQuery(extraTimeQuery(courseId, quizId));
  const students = list.data ?? [];
  const [studentId, setStudentId] = useState('');
  const [minutes, setMinutes] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await setExtraTime(quizId, { studentId, minutes: Math.max(0, Math.round(Number(minutes) || 0)) });
      notify.success(t('results.extraSaved'));
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="extra-time" className="space-y-2 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="extra-time" className="font-bold text-gray-900">
        {t('results.extraTime')}
      </h2>
      <p className="text-sm text-gray-600">{t('results.extraHint')}</p>
      <div className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
        <div className="space-y-1.5">
          <label htmlFor="extra-student" className="block text-sm font-medium text-gray-800">
            {t('results.student')}
          </label>
          <select
            id="extra-student"
            className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3"
            value={studentId}
            onChange={(e) => setStudentId(e.target.value)}
          >
            <option value="">{t('results.pickStudent')}</option>
            {students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.extraMinutes ? t('results.studentWithExtra', { name: s.name, count: s.extraMinutes }) : s.name}
              </option>
            ))}
          </select>
        </div>
        <TextField id="extra-minutes" dir="ltr" inputMode="numeric" label={t('results.minutes')} value={minutes} onValueChange={setMinutes} />
        <Button busy={busy} disabled={!studentId} onClick={() => void save()}>
          {t('results.saveExtra')}
        </Button>
      </div>
    </section>
  );
}

function AttemptsTable({ courseId, quizId, rows }: { courseId: string; quizId: string; rows: TTeacherAttempt[] }) {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const date = useDateFormat();
  if (rows.length === 0) return <EmptyState title={t('results.none')} />;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
      <table className="w-full text-sm">
        <thead className="bg-gray-50 text-start text-gray-600">
          <tr>
            <th className="p-2 text-start font-medium">{t('results.student')}</th>
            <th className="p-2 text-start font-medium">{t('results.submitted')}</th>
            <th className="p-2 text-start font-medium">{t('results.mark')}</th>
            <th className="p-2 text-start font-medium">{t('results.status')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((a) => (
            <tr key={a.id}>
              <td className="p-2">
                <Link to={gradePath(courseId, quizId, a.id)} className="text-primary-700 underline">
                  {a.studentName}
                </Link>
              </td>
              <td className="p-2">{a.submittedAt ? date(a.submittedAt) : '—'}</td>
              <td className="p-2">
                <bdi dir="ltr">{a.scaled === null ? '—' : `${num(a.scaled)} / ${num(a.scaleTo)}`}</bdi>
              </td>
              <td className="p-2">
                <Badge tone={a.status === 'open' ? 'blue' : a.pendingGrading > 0 ? 'amber' : a.passed === false ? 'red' : 'green'}>
                  {t(a.status === 'open' ? 'results.inProgress' : a.pendingGrading > 0 ? 'results.waiting' : `status.${a.status}`)}
                </Badge>
                {a.practice ? <span className="ms-1 text-xs text-gray-500">{t('result.practice')}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
