import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { ZQuizCreate, QUIZ_KINDS, type TQuizKind } from '@shared/quizzes/schemas';
import { courseOutlineQuery, createQuiz, quizListQuery, quizzesKeys } from '@web/features/quizzes/api';
import { BankPanel } from './bank-panel';
import { newKey } from './keys';
import { questionOfType } from './question-editor';
import { editorPath, resultsPath } from './paths';

/** /teacher/dashboard/courses/quizzes/:courseId: the course's quizzes and exams, a new one, and the question bank. */
export function ManagerPage() {
  const { t } = useTranslation('quizzes');
  const { courseId = '' } = useParams();
  const [tab, setTab] = useState<'quizzes' | 'bank'>('quizzes');
  const course = useQuery(courseOutlineQuery(courseId));
  return (
    <div className="space-y-6">
      <PageTitle title={t('manager.title')} subtitle={course.data?.title}>
        <Link to={`/teacher/courses/${courseId}`} className={buttonClass('secondary', 'sm')}>
          {t('manager.backToCourse')}
        </Link>
      </PageTitle>
      <div role="tablist" aria-label={t('manager.title')} className="flex gap-1 border-b border-gray-200">
        {(['quizzes', 'bank'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={cx(
              'min-h-11 border-b-2 px-4 text-sm font-medium',
              tab === k ? 'border-primary-600 text-primary-700' : 'border-transparent text-gray-600',
            )}
            onClick={() => setTab(k)}
          >
            {t(`manager.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'quizzes' ? <QuizList courseId={courseId} /> : <BankPanel courseId={courseId} />}
    </div>
  );
}

function QuizList({ courseId }: { courseId: string }) {
  const { t } = useTranslation('quizzes');
  const date = useDateFormat();
  const list = useQuery(quizListQuery(courseId));
  if (list.isPending) return <LoadingBlock />;
  if (list.isError) return <QueryError query={list} />;
  return (
    <div className="space-y-5">
      <NewQuizForm courseId={courseId} />
      {list.data.quizzes.length === 0 ? (
        <EmptyState title={t('manager.empty')} body={t('manager.emptyBody')} testId="quizzes-empty" />
      ) : (
        <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white" data-testid="quiz-list">
          {list.data.quizzes.map((q) => (
            <li key={q.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <Link to={editorPath(courseId, q.id)} className="font-semibold text-gray-900 hover:underline">
                  {q.title}
                </Link>
                <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
                  <Badge tone="blue">{t(`kind.${q.kind}`)}</Badge>
                  <span>{t('points', { count: q.maxPoints })}</span>
                  <span>{t('manager.attempts', { count: q.attempts })}</span>
                  {q.closesAt ? <span>{t('intro.closes', { date: date(q.closesAt) })}</span> : null}
                </div>
              </div>
              <div className="flex items-center gap-2">
                {q.toGrade > 0 ? (
                  <Badge tone="amber" testId="to-grade">
                    {t('manager.toGrade', { count: q.toGrade })}
                  </Badge>
                ) : null}
                <Link to={resultsPath(courseId, q.id)} className={buttonClass('secondary', 'sm')}>
                  {t('manager.results')}
                </Link>
                <Link to={editorPath(courseId, q.id)} className={buttonClass('secondary', 'sm')}>
                  {t('manager.edit')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A new quiz: its title, kind and the section of the outline it goes at the end of; then the editor opens. */
function NewQuizForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const course = useQuery(courseOutlineQuery(courseId));
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<TQuizKind>('exam');
  const [sectionId, setSectionId] = useState('');
  const [busy, setBusy] = useState(false);
  const sections = course.data?.sections ?? [];
  const section = sectionId || sections[0]?.id || '';

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZQuizCreate.safeParse({
      title,
      kind,
      courseId,
      sectionId: section,
      // The server takes only complete papers: each subject starts with one exercise holding one true/false question,
      // which the editor then turns into the real paper (a mock exam has its two subjects from the start).
      subjects: (kind === 'mock' ? [1, 2] : [1]).map(() => ({
        id: newKey('s'),
        title: '',
        exercises: [{ id: newKey('e'), title: '', intro: '', questions: [{ ...questionOfType('truefalse'), prompt: t('take.questionN', { n: 1 }) }] }],
      })),
      ...(kind === 'mock' ? { attemptsAllowed: 1 } : {}),
    });
    if (!parsed.success) return notify.error(t('manager.fillTitle'));
    setBusy(true);
    try {
      const r = await createQuiz(parsed.data);
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
      void navigate(editorPath(courseId, r.id));
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (course.isSuccess && sections.length === 0) return <EmptyState title={t('manager.noSection')} body={t('manager.noSectionBody')} />;
  return (
    <form
      onSubmit={create}
      className="grid items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_auto]"
      data-testid="new-quiz"
    >
      <TextField id="new-quiz-title" label={t('build.title')} value={title} onValueChange={setTitle} maxLength={200} />
      <SelectField
        id="new-quiz-kind"
        label={t('build.kind')}
        value={kind}
        options={QUIZ_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        onValueChange={setKind}
      />
      <SelectField
        id="new-quiz-section"
        label={t('manager.section')}
        value={section}
        options={sections.map((s) => ({ value: s.id, label: s.title }))}
        onValueChange={setSectionId}
      />
      <Button type="submit" busy={busy} data-testid="create-quiz">
        {t('manager.create')}
      </Button>
    </form>
  );
}
