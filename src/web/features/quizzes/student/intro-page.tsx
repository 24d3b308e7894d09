import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import type { TAttemptSummary, TQuizIntro } from '@shared/quizzes/views';
import { introQuery, startAttempt } from '@web/features/quizzes/api';
import { useNumber } from '@web/features/quizzes/components/use-number';
import { MathText } from '@web/features/quizzes/math/math-text';
import { useQuizPaths } from '@web/features/quizzes/paths';

/** /student/dashboard/quizzes/:lessonId (the outline item's id): the quiz, its rules, the attempts so far; start, resume or practise. */
export function IntroPage() {
  const { t } = useTranslation('quizzes');
  const { lessonId = '' } = useParams();
  const query = useQuery(introQuery(lessonId));
  const paths = useQuizPaths();
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <QueryError query={query} />;
  const { quiz, attempts, openAttemptId, blocked } = query.data;
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <header className="space-y-2">
        <p className="text-sm text-primary-700">{t(`kind.${quiz.kind}`)}</p>
        <h1 className="text-xl font-bold text-gray-900">{quiz.title}</h1>
        {quiz.description ? <MathText text={quiz.description} className="block leading-loose text-gray-700" /> : null}
      </header>
      <Rules quiz={quiz} />
      {openAttemptId ? (
        <Link to={paths.attempt(openAttemptId)} className={buttonClass('primary', 'md', 'w-full')} data-testid="resume-attempt">
          {t('intro.resume')}
        </Link>
      ) : blocked ? (
        <Notice tone="info" testId="quiz-blocked">
          {t(`intro.blocked.${blocked}`)}
        </Notice>
      ) : (
        <StartPanel quiz={quiz} />
      )}
      <PastAttempts attempts={attempts.filter((a) => a.status !== 'open')} />
    </div>
  );
}

function Rules({ quiz }: { quiz: TQuizIntro['quiz'] }) {
  const { t } = useTranslation('quizzes');
  const date = useDateFormat();
  const num = useNumber();
  const rules = [
    quiz.timeLimitMinutes ? t('intro.time', { count: quiz.timeLimitMinutes + quiz.extraMinutes }) : t('intro.noTime'),
    quiz.timeLimitMinutes && quiz.extraMinutes ? t('intro.extra', { count: quiz.extraMinutes }) : null,
    quiz.attemptsAllowed ? t('intro.attempts', { count: quiz.attemptsAllowed }) : t('intro.unlimited'),
    t('intro.outOf', { scale: num(quiz.scaleTo), points: num(quiz.maxPoints) }),
    quiz.passPercent !== null ? t('intro.pass', { percent: num(quiz.passPercent) }) : null,
    quiz.opensAt ? t('intro.opens', { date: date(quiz.opensAt) }) : null,
    quiz.closesAt ? t('intro.closes', { date: date(quiz.closesAt) }) : null,
    t(`intro.show.${quiz.showAnswers}`),
  ].filter((r): r is string => Boolean(r));
  return (
    <ul className="list-disc space-y-1 rounded-xl border border-gray-200 bg-white p-4 ps-8 text-sm text-gray-800" data-testid="quiz-rules">
      {rules.map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

/** Start (after picking a subject in a mock exam), or practise without it counting. */
function StartPanel({ quiz }: { quiz: TQuizIntro['quiz'] }) {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const paths = useQuizPaths();
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mock = quiz.subjects.length > 1;
  const start = async (practice: boolean) => {
    setBusy(true);
    try {
      const r = await startAttempt(quiz.id, { practice, ...(mock && subjectId ? { subjectId } : {}) });
      void navigate(paths.attempt(r.attempt.id));
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      {mock ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium text-gray-900">{t('intro.pickSubject')}</legend>
          <p className="text-sm text-gray-600">{t('intro.pickSubjectHint')}</p>
          {quiz.subjects.map((s, i) => (
            <label
              key={s.id}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3',
                subjectId === s.id ? 'border-primary-500 bg-primary-50' : 'border-gray-300 bg-white',
              )}
            >
              <input type="radio" name="subject" className="size-5 accent-primary-600" checked={subjectId === s.id} onChange={() => setSubjectId(s.id)} />
              {s.title || t('intro.subjectN', { n: i + 1 })}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Button className="w-full" busy={busy} disabled={mock && !subjectId} onClick={() => void start(false)} data-testid="start-attempt">
        {t(quiz.kind === 'practice' ? 'intro.startPractice' : 'intro.start')}
      </Button>
      {quiz.kind !== 'practice' && quiz.kind !== 'mock' ? (
        <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void start(true)} data-testid="start-practice">
          {t('intro.practise')}
        </Button>
      ) : null}
    </div>
  );
}

function PastAttempts({ attempts }: { attempts: TAttemptSummary[] }) {
  const { t } = useTranslation('quizzes');
  const date = useDateFormat();
  const num = useNumber();
  const paths = useQuizPaths();
  if (attempts.length === 0) return null;
  return (
    <section aria-labelledby="past-attempts" className="space-y-2">
      <h2 id="past-attempts" className="font-bold text-gray-900">
        {t('intro.attemptsSoFar')}
      </h2>
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {attempts.map((a) => (
          <li key={a.id} className="flex items-center justify-between gap-2 p-3 text-sm">
            <span>
              {date(a.submittedAt ?? a.startedAt)}
              {a.practice ? <span className="ms-2 text-gray-500">{t('result.practice')}</span> : null}
            </span>
            <Link to={paths.result(a.id)} className="font-medium text-primary-700 underline">
              <bdi dir="ltr">{a.scaled === null ? '…' : `${num(a.scaled)} / ${num(a.scaleTo)}`}</bdi>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
