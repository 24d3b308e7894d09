import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { cx } from '@web/lib/cx';
import type { TAnswerValue } from '@shared/quizzes/schemas';
import type { TResultQuestion } from '@shared/quizzes/views';
import { resultQuery } from '@web/features/quizzes/api';
import { useList, useNumber } from '@web/features/quizzes/components/use-number';
import { MathText } from '@web/features/quizzes/math/math-text';
import { QuizFigure } from '@web/features/quizzes/components/quiz-figure';
import { useQuizPaths } from '@web/features/quizzes/paths';

/** /student/dashboard/quizzes/attempts/:attemptId/result: the mark, points per exercise, what was wrong, the worked solutions when allowed. */
export function ResultPage() {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const { attemptId = '' } = useParams();
  const query = useQuery(resultQuery(attemptId));
  const paths = useQuizPaths();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <QueryError query={query} />;
  const { attempt, quiz, exercises, answersShown } = query.data;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 text-center">
        <h1 className="text-lg font-bold text-gray-900">{quiz.title}</h1>
        {attempt.practice ? <Badge tone="blue">{t('result.practice')}</Badge> : null}
        <p className="text-4xl font-bold text-gray-900" data-testid="result-mark">
          <bdi dir="ltr">{attempt.scaled === null ? '—' : `${num(attempt.scaled)} / ${num(attempt.scaleTo)}`}</bdi>
        </p>
        <p className="text-sm text-gray-600">{t('result.points', { points: num(attempt.points ?? 0), max: num(attempt.maxPoints) })}</p>
        {attempt.passed !== null ? (
          <Badge tone={attempt.passed ? 'green' : 'red'} testId="result-passed">
            {t(attempt.passed ? 'result.passed' : 'result.failed')}
          </Badge>
        ) : null}
        {attempt.pendingGrading > 0 ? (
          <Notice tone="info" testId="result-pending">
            {t('result.pendingGrading', { count: attempt.pendingGrading })}
          </Notice>
        ) : null}
      </header>

      <section aria-labelledby="per-exercise" className="rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="per-exercise" className="mb-2 font-bold text-gray-900">
          {t('result.perExercise')}
        </h2>
        <ul className="divide-y divide-gray-100">
          {exercises.map((e, i) => (
            <li key={e.id} className="flex items-center justify-between gap-2 py-2 text-sm" data-testid={`exercise-score-${i + 1}`}>
              <span>{e.title || t('take.exerciseN', { n: i + 1 })}</span>
              <bdi dir="ltr" className="font-medium tabular-nums">
                {e.earned === null ? '…' : num(e.earned)} / {num(e.points)}
              </bdi>
            </li>
          ))}
        </ul>
      </section>

      {!answersShown ? <Notice tone="info">{t('result.answersHidden')}</Notice> : null}

      {exercises.map((e, i) => (
        <section key={e.id} className="space-y-3" aria-labelledby={`ex-${e.id}`}>
          <h2 id={`ex-${e.id}`} className="font-bold text-gray-900">
            {e.title || t('take.exerciseN', { n: i + 1 })}
          </h2>
          <QuizFigure side="student" quizId={quiz.id} name={e.figure} />
          {e.questions.map((q, j) => (
            <ResultQuestion key={q.id} quizId={quiz.id} q={q} n={j + 1} />
          ))}
        </section>
      ))}

      <Link to={paths.quiz(quiz.lessonId)} className={buttonClass('secondary')}>
        {t('result.back')}
      </Link>
    </div>
  );
}

function ResultQuestion({ quizId, q, n }: { quizId: string; q: TResultQuestion; n: number }) {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const tone = q.correct === null ? 'border-gray-200' : q.correct ? 'border-green-300' : 'border-red-300';
  return (
    <article className={cx('space-y-2 rounded-xl border bg-white p-4', tone)} data-testid="result-question">
      <header className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">{t('take.questionN', { n })}</h3>
        <span className="shrink-0 text-sm">
          {q.correct === null ? null : <Badge tone={q.correct ? 'green' : 'red'}>{t(q.correct ? 'result.right' : 'result.wrong')}</Badge>}{' '}
          <bdi dir="ltr" className="tabular-nums">
            {q.earned === null ? '…' : num(q.earned)} / {num(q.points)}
          </bdi>
        </span>
      </header>
      <MathText text={q.prompt} className="block leading-loose" />
      <QuizFigure side="student" quizId={quizId} name={q.figure} />
      <dl className="space-y-1 text-sm">
        <div className="flex flex-wrap gap-1">
          <dt className="text-gray-500">{t('result.yourAnswer')}</dt>
          <dd className="font-medium">{q.file ? q.file.name : <GivenAnswer q={q} given={q.given} />}</dd>
        </div>
        {q.correctAnswer !== null ? (
          <div className="flex flex-wrap gap-1">
            <dt className="text-gray-500">{t('result.correctAnswer')}</dt>
            <dd className="font-medium text-green-800">
              <MathText text={q.correctAnswer} />
            </dd>
          </div>
        ) : null}
        {q.comment ? (
          <div className="flex flex-wrap gap-1">
            <dt className="text-gray-500">{t('result.comment')}</dt>
            <dd>{q.comment}</dd>
          </div>
        ) : null}
      </dl>
      {q.solution ? (
        <details className="rounded-lg bg-gray-50 p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t('result.solution')}</summary>
          <MathText text={q.solution} className="mt-2 block leading-loose" />
        </details>
      ) : null}
    </article>
  );
}

function GivenAnswer({ q, given }: { q: TResultQuestion; given: TAnswerValue | null }) {
  const { t } = useTranslation('quizzes');
  const list = useList();
  if (!given) return <span className="text-gray-500">{t('result.noAnswer')}</span>;
  if (given.bool !== undefined) return <>{t(given.bool ? 'take.true' : 'take.false')}</>;
  if (given.choices) {
    const texts = given.choices.map((c) => q.options?.find((o) => o.id === c)?.text ?? c);
    return <MathText text={list(texts)} />;
  }
  if (q.type === 'expression') return <MathText text={`$${given.text ?? ''}$`} />;
  return (
    <bdi dir="auto">
      {given.text ?? ''} {given.unit ?? q.unit ?? ''}
    </bdi>
  );
}
