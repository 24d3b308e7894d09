import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { TextAreaField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import type { TResultQuestion } from '@shared/quizzes/views';
import { gradeAnswer, handwritingUrl, quizzesKeys, teacherAttemptQuery } from '@web/features/quizzes/api';
import { useNumber } from '@web/features/quizzes/components/use-number';
import { MathText } from '@web/features/quizzes/math/math-text';
import { resultsPath } from './paths';

/** /teacher/dashboard/courses/quizzes/:courseId/:quizId/attempts/:attemptId: one attempt, its handwritten answers graded against the rubric. */
export function GradePage() {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const { courseId = '', quizId = '', attemptId = '' } = useParams();
  const query = useQuery(teacherAttemptQuery(attemptId));
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <QueryError query={query} />;
  const { attempt, exercises, student } = query.data;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageTitle title={student.name} subtitle={query.data.quiz.title}>
        <Link to={resultsPath(courseId, quizId)} className={buttonClass('secondary', 'sm')}>
          {t('grade.back')}
        </Link>
      </PageTitle>
      <p className="text-lg font-bold" data-testid="grade-mark">
        <bdi dir="ltr">{attempt.scaled === null ? '—' : `${num(attempt.scaled)} / ${num(attempt.scaleTo)}`}</bdi>
        {attempt.pendingGrading > 0 ? (
          <span className="ms-2 align-middle">
            <Badge tone="amber">{t('results.toGrade', { count: attempt.pendingGrading })}</Badge>
          </span>
        ) : null}
      </p>
      {exercises.map((e, i) => (
        <section key={e.id} className="space-y-3">
          <h2 className="font-bold text-gray-900">
            {e.title || t('take.exerciseN', { n: i + 1 })}{' '}
            <bdi dir="ltr" className="text-sm font-normal text-gray-600">
              {e.earned === null ? '…' : num(e.earned)} / {num(e.points)}
            </bdi>
          </h2>
          {e.questions.map((q, j) =>
            q.type === 'upload' ? (
              <GradeUpload key={q.id} attemptId={attemptId} q={q} n={j + 1} />
            ) : (
              <div key={q.id} className="flex items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white p-3 text-sm">
                <MathText text={q.prompt} className="block min-w-0" />
                <bdi dir="ltr" className={q.correct ? 'text-green-800' : 'text-red-700'}>
                  {q.earned === null ? '…' : num(q.earned)} / {num(q.points)}
                </bdi>
              </div>
            ),
          )}
        </section>
      ))}
    </div>
  );
}

function GradeUpload({ attemptId, q, n }: { attemptId: string; q: TResultQuestion; n: number }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const [points, setPoints] = useState<Record<string, string>>(() => Object.fromEntries((q.criteria ?? []).map((c) => [c.id, String(c.points)])));
  const [comment, setComment] = useState(q.comment ?? '');
  const [busy, setBusy] = useState(false);
  const url = q.file ? handwritingUrl(attemptId, q.id) : null;

  const save = async () => {
    setBusy(true);
    try {
      const criteria = (q.rubric ?? []).map((r) => ({
        id: r.id,
        points: Math.min(r.points, Math.max(0, Number((points[r.id] ?? '0').replace(',', '.')) || 0)),
      }));
      await gradeAnswer(attemptId, { questionId: q.id, criteria, comment });
      notify.success(t('grade.saved'));
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="space-y-3 rounded-xl border border-amber-300 bg-white p-4" data-testid="grade-upload">
      <h3 className="font-semibold text-gray-900">{t('take.questionN', { n })}</h3>
      <MathText text={q.prompt} className="block leading-loose" />
      {url ? (
        q.file?.type.startsWith('image/') ? (
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={t('grade.photoOf', { n })} className="max-h-[28rem] w-full rounded-lg border object-contain" />
          </a>
        ) : (
          <a href={url} target="_blank" rel="noreferrer" className={buttonClass('secondary', 'sm')}>
            {t('grade.openFile', { name: q.file?.name ?? '' })}
          </a>
        )
      ) : (
        <p className="text-sm text-gray-600">{t('grade.noFile')}</p>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t('take.rubric')}</legend>
        {(q.rubric ?? []).map((r, i) => (
          <div key={r.id} className="flex items-center justify-between gap-3">
            <label htmlFor={`crit-${q.id}-${r.id}`} className="min-w-0 text-sm">
              <MathText text={r.label} />
            </label>
            <span className="flex shrink-0 items-center gap-1 text-sm">
              <input
                id={`crit-${q.id}-${r.id}`}
                dir="ltr"
                inputMode="decimal"
                data-testid={`criterion-${i + 1}`}
                className="block min-h-11 w-20 rounded-lg border border-gray-300 px-2"
                value={points[r.id] ?? ''}
                onChange={(e) => setPoints((p) => ({ ...p, [r.id]: e.target.value }))}
              />
              <bdi dir="ltr" className="text-gray-500">
                / {r.points}
              </bdi>
            </span>
          </div>
        ))}
      </fieldset>
      <TextAreaField id={`comment-${q.id}`} label={t('grade.comment')} value={comment} onValueChange={setComment} />
      <Button busy={busy} onClick={() => void save()} data-testid="save-grade">
        {t('grade.save')}
      </Button>
    </article>
  );
}
