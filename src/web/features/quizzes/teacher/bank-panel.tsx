import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { TextField } from '@web/components/ui/form-field';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { ZBankQuestionInput, type TQuestion } from '@shared/quizzes/schemas';
import { addBankQuestion, bankQuery, deleteBankQuestion, homeFigureUrl, quizzesKeys } from '@web/features/quizzes/api';
import { FigureImage } from '@web/features/quizzes/components/quiz-figure';
import { MathText } from '@web/features/quizzes/math/math-text';
import { FigureHome } from './figure-field';
import { QuestionEditor, questionOfType } from './question-editor';

/** The course's question bank, tagged by chapter and year: quizzes draw N questions per tag for each attempt. */
export function BankPanel({ courseId }: { courseId: string }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const [chapter, setChapter] = useState('');
  const [year, setYear] = useState('');
  const filter = { chapter: chapter.trim() || undefined, year: /^\d{4}$/.test(year) ? Number(year) : undefined };
  const [draft, setDraft] = useState<TQuestion | null>(null);
  const [tags, setTags] = useState({ chapter: '', year: '' });
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const parsed = ZBankQuestionInput.safeParse({ chapter: tags.chapter, year: tags.year ? Number(tags.year) : null, question: draft });
    if (!parsed.success) return notify.error(t('build.problems'));
    setBusy(true);
    try {
      await addBankQuestion(courseId, parsed.data);
      setDraft(null);
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-600">{t('bank.intro')}</p>
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <TextField id="bank-filter-chapter" label={t('bank.chapter')} value={chapter} onValueChange={setChapter} />
        <TextField id="bank-filter-year" dir="ltr" inputMode="numeric" label={t('bank.year')} value={year} onValueChange={setYear} />
      </div>
      {draft ? (
        <div className="space-y-3 rounded-xl border border-primary-200 bg-primary-50/40 p-3">
          <div className="grid grid-cols-2 gap-3 sm:max-w-md">
            <TextField id="bank-chapter" label={t('bank.chapter')} value={tags.chapter} onValueChange={(c) => setTags((s) => ({ ...s, chapter: c }))} />
            <TextField
              id="bank-year"
              dir="ltr"
              inputMode="numeric"
              label={t('bank.year')}
              value={tags.year}
              onValueChange={(y) => setTags((s) => ({ ...s, year: y }))}
            />
          </div>
          {/* A bank question's figure is stored in the course's bank; a quiz that draws it shows it (decision 232). */}
          <FigureHome.Provider value={{ courseId }}>
            <QuestionEditor label={t('bank.newQuestion')} value={draft} onChange={setDraft} onRemove={() => setDraft(null)} />
          </FigureHome.Provider>
          <Button busy={busy} onClick={() => void add()}>
            {t('bank.add')}
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setDraft(questionOfType('single'))}>
          {t('bank.newQuestion')}
        </Button>
      )}
      <BankList courseId={courseId} filter={filter} />
    </div>
  );
}

function BankList({ courseId, filter }: { courseId: string; filter: { chapter?: string; year?: number } }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const bank = useQuery(bankQuery(courseId, filter));
  return (
    <>
      {bank.isPending ? (
        <LoadingBlock />
      ) : bank.isError ? (
        <QueryError query={bank} />
      ) : bank.data.questions.length === 0 ? (
        <EmptyState title={t('bank.empty')} />
      ) : (
        <ul className="space-y-2">
          {bank.data.questions.map((b) => (
            <li key={b.id} className="space-y-2 rounded-xl border border-gray-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-2 text-xs">
                <Badge tone="gray">{t(`type.${b.question.type}`)}</Badge>
                {b.chapter ? <Badge tone="blue">{b.chapter}</Badge> : null}
                {b.year ? <Badge tone="blue">{String(b.year)}</Badge> : null}
                <span className="text-gray-500">{t('points', { count: b.question.points })}</span>
              </div>
              <MathText text={b.question.prompt} className="block text-sm" />
              <FigureImage src={b.question.figure ? homeFigureUrl({ courseId }, b.question.figure) : null} />
              <ConfirmButton
                variant="ghost"
                label={t('build.remove')}
                title={t('bank.removeTitle')}
                body={t('bank.removeBody')}
                confirmLabel={t('build.remove')}
                cancelLabel={t('build.cancel')}
                onConfirm={async () => {
                  await deleteBankQuestion(b.id).catch((e: unknown) => notify.error(errorText(e)));
                  await client.invalidateQueries({ queryKey: quizzesKeys.all });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
