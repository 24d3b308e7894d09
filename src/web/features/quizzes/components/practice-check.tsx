import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { checkAnswer } from '@web/features/quizzes/api';
import { MathText } from '@web/features/quizzes/math/math-text';

type TCheck = Awaited<ReturnType<typeof checkAnswer>>;

/** Practice mode: checks one answer once it is saved, and shows the worked solution. */
export function PracticeCheck({ attemptId, questionId, beforeCheck }: { attemptId: string; questionId: string; beforeCheck: () => Promise<void> }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const [result, setResult] = useState<TCheck | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await beforeCheck();
      setResult(await checkAnswer(attemptId, questionId));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void run()} data-testid={`check-${questionId}`}>
        {t('take.check')}
      </Button>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {result ? (
        <Notice tone={result.correct ? 'success' : 'error'} testId={`checked-${questionId}`}>
          <p className="font-medium">{t(result.correct ? 'result.right' : 'result.wrong')}</p>
          {result.correctAnswer ? (
            <p>
              {t('result.correctAnswer')} <MathText text={result.correctAnswer} />
            </p>
          ) : null}
          {result.solution ? <MathText text={result.solution} className="mt-1 block" /> : null}
        </Notice>
      ) : null}
    </div>
  );
}
