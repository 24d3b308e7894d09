import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { cx } from '@web/lib/cx';
import { notify } from '@web/lib/notify';
import { useErrorText } from '@web/lib/api-errors';
import type { TAnswerValue } from '@shared/quizzes/schemas';
import type { TAttemptView } from '@shared/quizzes/views';
import { attemptQuery, quizzesKeys, sendAnswers, submitAttempt } from '@web/features/quizzes/api';
import { AnswerInput } from '@web/features/quizzes/components/answer-input';
import { Countdown } from '@web/features/quizzes/components/countdown';
import { HandwritingUpload } from '@web/features/quizzes/components/handwriting-upload';
import { PracticeCheck } from '@web/features/quizzes/components/practice-check';
import { SaveIndicator } from '@web/features/quizzes/components/save-indicator';
import { preloadMathField } from '@web/features/quizzes/math/math-input';
import { MathText } from '@web/features/quizzes/math/math-text';
import { QuizFigure } from '@web/features/quizzes/components/quiz-figure';
import type { TQueueStatus } from '@web/features/quizzes/offline/answer-queue';
import { useAnswerQueue } from '@web/features/quizzes/offline/use-answer-queue';
import { useQuizPaths } from '@web/features/quizzes/paths';
import { flatten, hasAnswer, nextIndex, previous, type TFlat, type TMode } from './take-order';

/** /student/dashboard/quizzes/attempts/:attemptId: an attempt in progress (reopened on any device: the same one). */
export function TakePage() {
  const { attemptId = '' } = useParams();
  const query = useQuery(attemptQuery(attemptId));
  const paths = useQuizPaths();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <QueryError query={query} />;
  if (query.data.attempt.status !== 'open') return <Navigate to={paths.result(attemptId)} replace />;
  return <TakeScreen key={attemptId} view={query.data} loadedAt={query.dataUpdatedAt} />;
}

function TakeScreen({ view, loadedAt }: { view: TAttemptView; loadedAt: number }) {
  const { t } = useTranslation('quizzes');
  const attemptId = view.attempt.id;
  const send = useCallback((items: Parameters<typeof sendAnswers>[1]) => sendAnswers(attemptId, items), [attemptId]);
  const queue = useAnswerQueue(attemptId, send);
  const [typed, setTyped] = useState<Map<string, TAnswerValue>>(() => new Map());
  const [mode, setMode] = useState<TMode>('one');
  const [index, setIndex] = useState(0);
  // The server's clock minus this phone's when the attempt was read: the countdown follows the server.
  const [offsetMs] = useState(() => new Date(view.now).getTime() - loadedAt);

  useEffect(() => {
    if (view.exercises.some((e) => e.questions.some((q) => q.type === 'expression'))) preloadMathField();
  }, [view.exercises]);

  const flat = useMemo(() => flatten(view.exercises), [view.exercises]);

  // What the student sees: the server's copy, then what this browser still holds unsent, then what was typed now.
  const answers = useMemo(() => {
    const m = new Map<string, TAnswerValue>(view.answers.map((a) => [a.questionId, a.value]));
    for (const [q, v] of queue.restored ?? []) m.set(q, v as TAnswerValue);
    for (const [q, v] of typed) m.set(q, v);
    return m;
  }, [view.answers, queue.restored, typed]);

  const change = (questionId: string, value: TAnswerValue) => {
    setTyped((m) => new Map(m).set(questionId, value));
    queue.change(questionId, value);
  };

  const { submit, submitting } = useSubmit(attemptId, queue);

  const answered = flat.filter((f) => hasAnswer(answers.get(f.question.id), f.question)).length;
  const current = flat[Math.min(index, flat.length - 1)];
  const shown = mode === 'one' ? (current ? [current] : []) : flat.filter((f) => f.exercise.id === current?.exercise.id);
  const exerciseIndex = current ? view.exercises.findIndex((e) => e.id === current.exercise.id) : 0;

  return (
    <div className="mx-auto max-w-3xl space-y-4 pb-24">
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 bg-white/95 px-4 py-2 backdrop-blur">
        <h1 className="min-w-0 truncate text-base font-bold text-gray-900">{view.quiz.title}</h1>
        <div className="flex items-center gap-2">
          <SaveIndicator status={queue.status} />
          {view.attempt.deadlineAt ? <Countdown deadlineAt={view.attempt.deadlineAt} offsetMs={offsetMs} onExpire={() => void submit()} /> : null}
        </div>
      </div>
      <StatusNotices practice={view.attempt.practice} status={queue.status} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" data-testid="answered-count">
          {t('take.answered', { count: answered, total: flat.length })}
        </p>
        <LayoutToggle mode={mode} onChange={setMode} />
      </div>
      {current ? (
        <section className="space-y-3" aria-labelledby="exercise-title">
          <h2 id="exercise-title" className="text-lg font-bold text-gray-900">
            {current.exercise.title || t('take.exerciseN', { n: exerciseIndex + 1 })} {/* isolated: «التمرين 14 نقاط» otherwise */}
            <bdi className="ms-1 text-sm font-normal text-gray-500" data-testid="exercise-points">
              · {t('points', { count: current.exercise.points })}
            </bdi>
          </h2>
          {current.exercise.intro ? <MathText text={current.exercise.intro} className="block leading-loose text-gray-800" /> : null}
          <QuizFigure side="student" quizId={view.quiz.id} name={current.exercise.figure} />
          {shown.map((f) => (
            <QuestionCard key={f.question.id} item={f} view={view} value={answers.get(f.question.id)} onChange={change} flush={queue.flush} />
          ))}
        </section>
      ) : (
        <Notice tone="info">{t('take.empty')}</Notice>
      )}
      <QuestionNav flat={flat} index={index} mode={mode} answers={answers} onGo={setIndex} />
      <BottomBar flat={flat} index={index} mode={mode} onGo={setIndex} answered={answered} submitting={submitting} onSubmit={submit} />
    </div>
  );
}

type TBarProps = { flat: TFlat[]; index: number; mode: TMode; onGo: (i: number) => void; answered: number; submitting: boolean; onSubmit: () => Promise<void> };

/** Previous, next and submit (with its confirmation), fixed at the bottom within the thumb's reach. */
function BottomBar({ flat, index, mode, onGo, answered, submitting, onSubmit }: TBarProps) {
  const { t } = useTranslation('quizzes');
  const setIndex = onGo;
  const submit = onSubmit;
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-gray-200 bg-white px-4 py-3">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-2">
        <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(previous(flat, index, mode))}>
          {t('take.previous')}
        </Button>
        {nextIndex(flat, index, mode) < flat.length ? (
          <Button variant="secondary" onClick={() => setIndex(nextIndex(flat, index, mode))} data-testid="next-question">
            {t('take.next')}
          </Button>
        ) : null}
        <ConfirmButton
          variant="primary"
          label={t('take.submit')}
          title={t('take.submitTitle')}
          body={answered < flat.length ? t('take.submitUnanswered', { count: flat.length - answered }) : t('take.submitBody')}
          confirmLabel={t('take.submitConfirm')}
          cancelLabel={t('take.keepWorking')}
          disabled={submitting}
          testId="submit-attempt"
          onConfirm={submit}
        />
      </div>
    </div>
  );
}

function StatusNotices({ practice, status }: { practice: boolean; status: TQueueStatus }) {
  const { t } = useTranslation('quizzes');
  return (
    <>
      {practice ? <Notice tone="info">{t('take.practiceNotice')}</Notice> : null}
      {status === 'offline' ? (
        <Notice tone="error" testId="offline-notice">
          {t('take.offlineNotice')}
        </Notice>
      ) : null}
      {status === 'refused' ? <Notice tone="error">{t('take.refusedNotice')}</Notice> : null}
    </>
  );
}

type TCardProps = {
  item: TFlat;
  view: TAttemptView;
  value: TAnswerValue | undefined;
  onChange: (questionId: string, v: TAnswerValue) => void;
  flush: () => Promise<void>;
};

function QuestionCard({ item: { question: q, number }, view, value, onChange, flush }: TCardProps) {
  const { t } = useTranslation('quizzes');
  const attemptId = view.attempt.id;
  return (
    <article className="space-y-3 rounded-xl border border-gray-200 bg-white p-4" data-testid={`question-${number}`} aria-labelledby={`q-${q.id}`}>
      <header className="flex items-start justify-between gap-3">
        <h3 id={`q-${q.id}`} className="font-semibold text-gray-900">
          {t('take.questionN', { n: number })}
        </h3>
        <span className="shrink-0 text-xs text-gray-500">{t('points', { count: q.points })}</span>
      </header>
      <MathText text={q.prompt} className="block leading-loose text-gray-900" />
      <QuizFigure side="student" quizId={view.quiz.id} name={q.figure} />
      <AnswerInput
        question={q}
        value={value}
        onChange={(v) => onChange(q.id, v)}
        upload={<HandwritingUpload attemptId={attemptId} question={q} saved={view.answers.find((a) => a.questionId === q.id)?.file ?? null} />}
      />
      {view.attempt.practice && q.type !== 'upload' ? <PracticeCheck attemptId={attemptId} questionId={q.id} beforeCheck={flush} /> : null}
      {view.attempt.practice && q.hint ? (
        <details className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <summary className="cursor-pointer font-medium">{t('take.hint')}</summary>
          <MathText text={q.hint} className="mt-2 block" />
        </details>
      ) : null}
    </article>
  );
}

function LayoutToggle({ mode, onChange }: { mode: TMode; onChange: (m: TMode) => void }) {
  const { t } = useTranslation('quizzes');
  return (
    <div role="group" aria-label={t('take.layout')} className="inline-flex rounded-lg border border-gray-300 p-0.5 text-sm">
      {(['one', 'exercise'] as const).map((m) => (
        <button
          key={m}
          type="button"
          aria-pressed={mode === m}
          className={cx('min-h-9 rounded-md px-3', mode === m ? 'bg-primary-600 text-white' : 'text-gray-700')}
          onClick={() => onChange(m)}
        >
          {t(`take.layouts.${m}`)}
        </button>
      ))}
    </div>
  );
}

type TNavProps = { flat: TFlat[]; index: number; mode: TMode; answers: Map<string, TAnswerValue>; onGo: (i: number) => void };

/** Every question's number, filled when answered: a jump to any of them. */
function QuestionNav({ flat, index, mode, answers, onGo }: TNavProps) {
  const { t } = useTranslation('quizzes');
  return (
    <nav aria-label={t('take.questions')} className="flex flex-wrap gap-1.5">
      {flat.map((f, i) => (
        <button
          key={f.question.id}
          type="button"
          aria-current={i === index ? 'step' : undefined}
          aria-label={t('take.goTo', { n: f.number })}
          className={cx(
            'size-9 rounded-md border text-sm',
            i === index ? 'border-primary-600 ring-2 ring-primary-300' : 'border-gray-300',
            hasAnswer(answers.get(f.question.id), f.question) ? 'bg-primary-50 text-primary-800' : 'bg-white text-gray-700',
          )}
          onClick={() => onGo(mode === 'one' ? i : flat.findIndex((g) => g.exercise.id === f.exercise.id))}
        >
          {f.number}
        </button>
      ))}
    </nav>
  );
}

/** Submits once every queued answer is on the server; offline, it says so and keeps the attempt open. */
function useSubmit(attemptId: string, queue: { flush: () => Promise<void>; pending: () => number }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const paths = useQuizPaths();
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    setSubmitting(true);
    try {
      await queue.flush();
      if (queue.pending() > 0) {
        notify.error(t('take.offlineSubmit'));
        return;
      }
      await submitAttempt(attemptId);
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
      void navigate(paths.result(attemptId), { replace: true });
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}
