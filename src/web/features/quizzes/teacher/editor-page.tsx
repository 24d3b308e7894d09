import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '@web/components/ui/button';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { notify } from '@web/lib/notify';
import { ZQuizInput, type TQuizInput } from '@shared/quizzes/schemas';
import { deleteQuiz, quizzesKeys, teacherQuizQuery, updateQuiz } from '@web/features/quizzes/api';
import { FigureHome } from './figure-field';
import { PaperEditor } from './paper-editor';
import { resultsPath } from './paths';
import { SettingsForm } from './settings-form';

/** /teacher/dashboard/courses/quizzes/:courseId/:quizId: the paper and the rules of one quiz or exam. */
export function EditorPage() {
  const { quizId = '', courseId = '' } = useParams();
  const query = useQuery(teacherQuizQuery(quizId));
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <QueryError query={query} />;
  // The editor's view also carries ids and counts; the form edits the rest.
  const { id: _id, courseId: _c, lessonId: _l, maxPoints: _m, attempts: _a, updatedAt: _u, ...initial } = query.data;
  return (
    // The paper's figures are stored with this quiz (figure-field.tsx).
    <FigureHome.Provider value={{ quizId }}>
      <Editor key={query.dataUpdatedAt} courseId={courseId} quizId={quizId} initial={initial} />
    </FigureHome.Provider>
  );
}

function Editor({ courseId, quizId, initial }: { courseId: string; quizId: string; initial: TQuizInput }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const [value, setValue] = useState<TQuizInput>(initial);
  const [tab, setTab] = useState<'paper' | 'rules'>('paper');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const patch = (p: Partial<TQuizInput>) => {
    setValue((v) => ({ ...v, ...p }));
    setDirty(true);
  };

  const save = async () => {
    const parsed = ZQuizInput.safeParse(value.kind === 'mock' ? value : { ...value, subjects: value.subjects.slice(0, 1) });
    if (!parsed.success) {
      // The schema's messages are keys of errors:fields (fields.required, fields.tooLong…).
      const field = (m: string) => (m.startsWith('fields.') ? m.slice('fields.'.length) : 'invalid');
      setProblems(parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(' › ')}: ${t(`errors:fields.${field(i.message)}`)}`));
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      await updateQuiz(quizId, parsed.data);
      setDirty(false);
      await client.invalidateQueries({ queryKey: quizzesKeys.all });
      notify.success(t('build.saved'));
    } catch (e) {
      notify.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5 pb-24">
      <PageTitle title={value.title || t('manager.title')} subtitle={t(`kind.${value.kind}`)}>
        <Link to={resultsPath(courseId, quizId)} className={buttonClass('secondary', 'sm')}>
          {t('manager.results')}
        </Link>
      </PageTitle>
      <div role="tablist" aria-label={t('build.sections')} className="flex gap-1 border-b border-gray-200">
        {(['paper', 'rules'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            data-testid={`tab-${k}`}
            className={cx(
              'min-h-11 border-b-2 px-4 text-sm font-medium',
              tab === k ? 'border-primary-600 text-primary-700' : 'border-transparent text-gray-600',
            )}
            onClick={() => setTab(k)}
          >
            {t(`build.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'paper' ? <PaperEditor value={value} onChange={patch} /> : <SettingsForm value={value} onChange={patch} />}
      {problems.length > 0 ? (
        <Notice tone="error" testId="quiz-problems">
          <p>{t('build.problems')}</p>
          <ul className="list-disc ps-5">
            {problems.map((p) => (
              <li key={p} dir="auto">
                {p}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <EditorBar courseId={courseId} quizId={quizId} dirty={dirty} busy={busy} onSave={() => void save()} />
    </div>
  );
}

/** Delete (asked first) and save, fixed at the bottom. */
function EditorBar({ courseId, quizId, dirty, busy, onSave }: { courseId: string; quizId: string; dirty: boolean; busy: boolean; onSave: () => void }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const client = useQueryClient();
  const navigate = useNavigate();
  const save = onSave;
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-gray-200 bg-white px-4 py-3">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2">
        <ConfirmButton
          variant="ghost"
          label={t('build.delete')}
          title={t('build.deleteTitle')}
          body={t('build.deleteBody')}
          confirmLabel={t('build.deleteConfirm')}
          cancelLabel={t('build.cancel')}
          onConfirm={async () => {
            try {
              await deleteQuiz(quizId);
              await client.invalidateQueries({ queryKey: quizzesKeys.all });
              void navigate(`/teacher/dashboard/courses/quizzes/${courseId}`);
            } catch (e) {
              notify.error(errorText(e));
            }
          }}
        />
        <span className="text-sm text-gray-600">{dirty ? t('build.unsaved') : null}</span>
        <Button busy={busy} onClick={save} data-testid="save-quiz">
          {t('build.save')}
        </Button>
      </div>
    </div>
  );
}
