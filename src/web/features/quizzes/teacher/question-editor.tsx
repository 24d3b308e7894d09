import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CloseIcon } from '@web/components/ui/icons';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { QUESTION_TYPES, type TQuestion, type TQuestionType } from '@shared/quizzes/schemas';
import { MathText } from '@web/features/quizzes/math/math-text';
import { FigureField } from './figure-field';
import { newKey } from './keys';
import { VariablesEditor } from './variables-editor';

type TProps = { value: TQuestion; onChange: (q: TQuestion) => void; onRemove: () => void; label: string };

const num = (s: string) => (s.trim() === '' ? 0 : Number(s.replace(',', '.')));

/** A question of a new type keeps its prompt, points, hint and solution. */
export function questionOfType(type: TQuestionType, from?: TQuestion): TQuestion {
  const base = {
    id: from?.id ?? newKey('q'),
    prompt: from?.prompt ?? '',
    points: from?.points ?? 1,
    hint: from?.hint ?? '',
    solution: from?.solution ?? '',
    variables: from?.variables ?? [],
    figure: from?.figure ?? null,
  };
  const two = [
    { id: newKey('o'), text: '' },
    { id: newKey('o'), text: '' },
  ];
  switch (type) {
    case 'single':
      return { ...base, type, options: two, correct: two[0]!.id, negative: false };
    case 'multiple':
      return { ...base, type, options: two, correct: [two[0]!.id], partial: true, negative: false };
    case 'truefalse':
      return { ...base, type, correct: true, negative: false };
    case 'numeric':
      return { ...base, type, answer: '', tolerance: 0, toleranceType: 'absolute', unit: '', unitAliases: [], unitRequired: false };
    case 'text':
      return { ...base, type, accepted: [''], caseSensitive: false };
    case 'expression':
      return { ...base, type, answer: '', symbols: ['x'] };
    case 'upload':
      return { ...base, type, rubric: [{ id: newKey('r'), label: '', points: 1 }] };
  }
}

/** One sub-question of an exercise, every type: its text (LaTeX between $…$, previewed), points and what counts as right. */
export function QuestionEditor({ value: q, onChange, onRemove, label }: TProps) {
  const { t } = useTranslation('quizzes');
  const set = (patch: Partial<TQuestion>) => onChange({ ...q, ...patch } as TQuestion);
  const id = q.id;
  return (
    <fieldset className="space-y-3 rounded-xl border border-gray-200 bg-white p-4" data-testid="question-editor">
      <legend className="px-1 text-sm font-semibold text-gray-900">{label}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <SelectField
          id={`${id}-type`}
          label={t('build.type')}
          value={q.type}
          options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`type.${v}`) }))}
          onValueChange={(type) => onChange(questionOfType(type, q))}
        />
        <TextField
          id={`${id}-points`}
          label={t('build.points')}
          inputMode="decimal"
          dir="ltr"
          value={String(q.points)}
          disabled={q.type === 'upload'}
          onValueChange={(v) => set({ points: num(v) })}
        />
      </div>
      <TextAreaField id={`${id}-prompt`} label={t('build.prompt')} hint={t('build.latexHint')} value={q.prompt} onValueChange={(prompt) => set({ prompt })} />
      {q.prompt.includes('$') || q.prompt.includes('\\(') ? (
        <div className="rounded-lg bg-gray-50 p-3 text-sm" aria-label={t('build.preview')}>
          <MathText text={q.prompt} />
        </div>
      ) : null}
      <FigureField id={id} value={q.figure} onChange={(figure) => set({ figure })} />
      {q.type === 'numeric' || q.type === 'expression' ? <VariablesEditor id={id} value={q.variables} onChange={(variables) => set({ variables })} /> : null}
      <AnswerSpec q={q} onChange={onChange} />
      <details className="space-y-2">
        <summary className="cursor-pointer text-sm font-medium text-gray-700">{t('build.hintAndSolution')}</summary>
        <TextAreaField id={`${id}-hint`} label={t('build.hint')} value={q.hint} onValueChange={(hint) => set({ hint })} />
        <TextAreaField id={`${id}-solution`} label={t('build.solution')} rows={5} value={q.solution} onValueChange={(solution) => set({ solution })} />
      </details>
      <Button variant="ghost" size="sm" onClick={onRemove}>
        {t('build.removeQuestion')}
      </Button>
    </fieldset>
  );
}

/** What counts as right, per type. */
function AnswerSpec({ q, onChange }: { q: TQuestion; onChange: (q: TQuestion) => void }) {
  const { t } = useTranslation('quizzes');
  const id = q.id;
  switch (q.type) {
    case 'single':
    case 'multiple':
      return <ChoiceSpec q={q} onChange={onChange} />;
    case 'truefalse':
      return (
        <div className="flex flex-wrap gap-x-4">
          <SelectField
            id={`${id}-tf`}
            label={t('build.rightAnswer')}
            value={q.correct ? 'true' : 'false'}
            options={[
              { value: 'true', label: t('take.true') },
              { value: 'false', label: t('take.false') },
            ]}
            onValueChange={(v) => onChange({ ...q, correct: v === 'true' })}
          />
          <CheckboxField label={t('build.negative')} checked={q.negative} onCheckedChange={(negative) => onChange({ ...q, negative })} />
        </div>
      );
    case 'numeric':
      return <NumericSpec q={q} onChange={onChange} />;
    case 'text':
      return (
        <TextAreaField
          id={`${id}-accepted`}
          label={t('build.accepted')}
          hint={t('build.acceptedHint')}
          value={q.accepted.join('\n')}
          onValueChange={(v) => onChange({ ...q, accepted: v.split('\n') })}
        />
      );
    case 'expression':
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-expr`}
            dir="ltr"
            label={t('build.expression')}
            hint={t('build.expressionHint')}
            value={q.answer}
            onValueChange={(answer) => onChange({ ...q, answer })}
          />
          <TextField
            id={`${id}-symbols`}
            dir="ltr"
            label={t('build.symbols')}
            value={q.symbols.join(', ')}
            onValueChange={(v) => onChange({ ...q, symbols: v.split(/[,\s]+/).filter((s) => /^[a-z]$/.test(s)) })}
          />
        </div>
      );
    case 'upload':
      return <RubricEditor q={q} onChange={onChange} />;
  }
}

function ChoiceSpec({ q, onChange }: { q: Extract<TQuestion, { type: 'single' | 'multiple' }>; onChange: (q: TQuestion) => void }) {
  const { t } = useTranslation('quizzes');
  const id = q.id;
  const isRight = (o: string) => (q.type === 'single' ? q.correct === o : q.correct.includes(o));
  const mark = (o: string, on: boolean) =>
    q.type === 'single' ? onChange({ ...q, correct: o }) : onChange({ ...q, correct: on ? [...q.correct, o] : q.correct.filter((c) => c !== o) });
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-gray-800">{t('build.options')}</p>
      {q.options.map((o, i) => (
        <div key={o.id} className="flex items-center gap-2">
          <input
            type={q.type === 'single' ? 'radio' : 'checkbox'}
            name={`${id}-correct`}
            aria-label={t('build.markRight', { n: i + 1 })}
            className="size-5 shrink-0 accent-primary-600"
            checked={isRight(o.id)}
            onChange={(e) => mark(o.id, e.target.checked)}
          />
          <input
            aria-label={t('build.optionN', { n: i + 1 })}
            className="block min-h-11 w-full rounded-lg border border-gray-300 px-3"
            value={o.text}
            onChange={(e) => onChange({ ...q, options: q.options.map((x) => (x.id === o.id ? { ...x, text: e.target.value } : x)) })}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('build.removeOption', { n: i + 1 })}
            disabled={q.options.length <= 2}
            onClick={() => onChange({ ...q, options: q.options.filter((x) => x.id !== o.id) } as TQuestion)}
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={q.options.length >= 10}
        onClick={() => onChange({ ...q, options: [...q.options, { id: newKey('o'), text: '' }] })}
      >
        {t('build.addOption')}
      </Button>
      <div className="flex flex-wrap gap-x-4">
        {q.type === 'multiple' ? (
          <CheckboxField label={t('build.partial')} checked={q.partial} onCheckedChange={(partial) => onChange({ ...q, partial })} />
        ) : null}
        <CheckboxField label={t('build.negative')} checked={q.negative} onCheckedChange={(negative) => onChange({ ...q, negative })} />
      </div>
    </div>
  );
}

function NumericSpec({ q, onChange }: { q: Extract<TQuestion, { type: 'numeric' }>; onChange: (q: TQuestion) => void }) {
  const { t } = useTranslation('quizzes');
  const id = q.id;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        id={`${id}-answer`}
        dir="ltr"
        label={t('build.numericAnswer')}
        hint={t('build.numericHint')}
        value={q.answer}
        onValueChange={(answer) => onChange({ ...q, answer })}
      />
      <TextField
        id={`${id}-tolerance`}
        dir="ltr"
        inputMode="decimal"
        label={t('build.tolerance')}
        value={String(q.tolerance)}
        onValueChange={(v) => onChange({ ...q, tolerance: num(v) })}
      />
      <SelectField
        id={`${id}-toltype`}
        label={t('build.toleranceType')}
        value={q.toleranceType}
        options={[
          { value: 'absolute', label: t('build.absolute') },
          { value: 'relative', label: t('build.relative') },
        ]}
        onValueChange={(toleranceType) => onChange({ ...q, toleranceType })}
      />
      <TextField id={`${id}-unit`} label={t('build.unit')} value={q.unit} onValueChange={(unit) => onChange({ ...q, unit })} />
      <CheckboxField label={t('build.unitRequired')} checked={q.unitRequired} onCheckedChange={(unitRequired) => onChange({ ...q, unitRequired })} />
    </div>
  );
}

function RubricEditor({ q, onChange }: { q: Extract<TQuestion, { type: 'upload' }>; onChange: (q: TQuestion) => void }) {
  const { t } = useTranslation('quizzes');
  const update = (rubric: typeof q.rubric) => onChange({ ...q, rubric, points: rubric.reduce((s, r) => s + r.points, 0) });
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-gray-800">{t('build.rubric')}</p>
      {q.rubric.map((r, i) => (
        <div key={r.id} className="flex items-center gap-2">
          <input
            aria-label={t('build.criterionN', { n: i + 1 })}
            className="block min-h-11 w-full rounded-lg border border-gray-300 px-3"
            value={r.label}
            onChange={(e) => update(q.rubric.map((x) => (x.id === r.id ? { ...x, label: e.target.value } : x)))}
          />
          <input
            aria-label={t('build.criterionPoints', { n: i + 1 })}
            dir="ltr"
            inputMode="decimal"
            className="block min-h-11 w-20 rounded-lg border border-gray-300 px-2"
            value={String(r.points)}
            onChange={(e) => update(q.rubric.map((x) => (x.id === r.id ? { ...x, points: num(e.target.value) } : x)))}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('build.removeCriterion', { n: i + 1 })}
            disabled={q.rubric.length <= 1}
            onClick={() => update(q.rubric.filter((x) => x.id !== r.id))}
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
      ))}
      <Button variant="secondary" size="sm" onClick={() => update([...q.rubric, { id: newKey('r'), label: '', points: 1 }])}>
        {t('build.addCriterion')}
      </Button>
    </div>
  );
}
