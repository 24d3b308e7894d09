import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/form-field';
import type { TDraw, TExercise, TQuizInput, TSubject } from '@shared/quizzes/schemas';
import { useNumber } from '@web/features/quizzes/components/use-number';
import { FigureField } from './figure-field';
import { newKey } from './keys';
import { QuestionEditor, questionOfType } from './question-editor';

const newExercise = (): TExercise => ({ id: newKey('e'), title: '', intro: '', figure: null, questions: [questionOfType('numeric')] });
const newSubject = (): TSubject => ({ id: newKey('s'), title: '', exercises: [newExercise()] });

const points = (e: TExercise) => e.questions.reduce((s, q) => s + q.points, 0);

type TProps = { value: TQuizInput; onChange: (patch: Partial<TQuizInput>) => void };

/** The paper: one subject (two for a mock exam), its exercises, their sub-questions with points; plus questions drawn from the bank. */
export function PaperEditor({ value, onChange }: TProps) {
  const mock = value.kind === 'mock';
  const subjects = mock && value.subjects.length < 2 ? [...value.subjects, newSubject()] : value.subjects;
  const setSubject = (i: number, s: TSubject) => onChange({ subjects: subjects.map((x, j) => (j === i ? s : x)) });
  return (
    <div className="space-y-6">
      {(mock ? subjects.slice(0, 2) : subjects.slice(0, 1)).map((s, i) => (
        <SubjectEditor key={s.id} subject={s} index={i} titled={mock} onChange={(next) => setSubject(i, next)} />
      ))}
      <DrawsEditor draws={value.draws} drawPoints={value.drawPoints} onChange={onChange} />
    </div>
  );
}

function SubjectEditor({ subject, index, titled, onChange }: { subject: TSubject; index: number; titled: boolean; onChange: (s: TSubject) => void }) {
  const { t } = useTranslation('quizzes');
  const num = useNumber();
  const setExercise = (i: number, e: TExercise) => onChange({ ...subject, exercises: subject.exercises.map((x, j) => (j === i ? e : x)) });
  const total = subject.exercises.reduce((s, e) => s + points(e), 0);
  return (
    <section className="space-y-4" data-testid={`subject-${index + 1}`}>
      {titled ? (
        <TextField
          id={`${subject.id}-title`}
          label={t('build.subjectTitle', { n: index + 1 })}
          value={subject.title}
          onValueChange={(title) => onChange({ ...subject, title })}
        />
      ) : null}
      <p className="text-sm text-gray-600" data-testid="paper-total">
        {t('build.paperTotal', { points: num(total) })}
      </p>
      {subject.exercises.map((e, i) => (
        <div key={e.id} className="space-y-3 rounded-2xl border border-gray-300 bg-gray-50 p-3 sm:p-4" data-testid="exercise-editor">
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-bold text-gray-900">{t('take.exerciseN', { n: i + 1 })}</h3>
            <span className="text-sm text-gray-600">{t('points', { count: points(e) })}</span>
          </div>
          <TextField id={`${e.id}-title`} label={t('build.exerciseTitle')} value={e.title} onValueChange={(title) => setExercise(i, { ...e, title })} />
          <TextAreaField
            id={`${e.id}-intro`}
            label={t('build.exerciseIntro')}
            hint={t('build.latexHint')}
            value={e.intro}
            onValueChange={(intro) => setExercise(i, { ...e, intro })}
          />
          <FigureField id={e.id} value={e.figure} onChange={(figure) => setExercise(i, { ...e, figure })} />
          {e.questions.map((q, j) => (
            <QuestionEditor
              key={q.id}
              label={t('take.questionN', { n: j + 1 })}
              value={q}
              onChange={(next) => setExercise(i, { ...e, questions: e.questions.map((x) => (x.id === q.id ? next : x)) })}
              onRemove={() => setExercise(i, { ...e, questions: e.questions.filter((x) => x.id !== q.id) })}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setExercise(i, { ...e, questions: [...e.questions, questionOfType('numeric')] })}
              data-testid="add-question"
            >
              {t('build.addQuestion')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={subject.exercises.length <= 1}
              onClick={() => onChange({ ...subject, exercises: subject.exercises.filter((x) => x.id !== e.id) })}
            >
              {t('build.removeExercise')}
            </Button>
          </div>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange({ ...subject, exercises: [...subject.exercises, newExercise()] })} data-testid="add-exercise">
        {t('build.addExercise')}
      </Button>
    </section>
  );
}

function DrawsEditor({ draws, drawPoints, onChange }: { draws: TDraw[]; drawPoints: number; onChange: (patch: Partial<TQuizInput>) => void }) {
  const { t } = useTranslation('quizzes');
  const set = (i: number, d: TDraw) => onChange({ draws: draws.map((x, j) => (j === i ? d : x)) });
  return (
    <section className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <h3 className="font-bold text-gray-900">{t('build.draws')}</h3>
      <p className="text-sm text-gray-600">{t('build.drawsHint')}</p>
      {draws.map((d, i) => (
        <div key={i} className="grid grid-cols-[1fr_6rem_5rem_auto] items-end gap-2">
          <TextField id={`draw-${i}-chapter`} label={t('bank.chapter')} value={d.chapter} onValueChange={(chapter) => set(i, { ...d, chapter })} />
          <TextField
            id={`draw-${i}-year`}
            dir="ltr"
            inputMode="numeric"
            label={t('bank.year')}
            value={d.year === null ? '' : String(d.year)}
            onValueChange={(s) => set(i, { ...d, year: s.trim() ? Number(s) : null })}
          />
          <TextField
            id={`draw-${i}-count`}
            dir="ltr"
            inputMode="numeric"
            label={t('build.drawCount')}
            value={String(d.count)}
            onValueChange={(s) => set(i, { ...d, count: Math.max(1, Number(s) || 1) })}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange({ draws: draws.filter((_, j) => j !== i) })}>
            {t('build.remove')}
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" size="sm" onClick={() => onChange({ draws: [...draws, { chapter: '', year: null, count: 1 }] })}>
          {t('build.addDraw')}
        </Button>
        {draws.length > 0 ? (
          <TextField
            id="draw-points"
            dir="ltr"
            inputMode="decimal"
            className="w-32"
            label={t('build.drawPoints')}
            value={String(drawPoints)}
            onValueChange={(s) => onChange({ drawPoints: Number(s.replace(',', '.')) || 0 })}
          />
        ) : null}
      </div>
    </section>
  );
}
