import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { QUIZ_KINDS, SHOW_ANSWERS, type TQuizInput } from '@shared/quizzes/schemas';

type TProps = { value: TQuizInput; onChange: (patch: Partial<TQuizInput>) => void };

const intOrNull = (s: string) => (s.trim() === '' ? null : Math.max(0, Math.round(Number(s))));
const numOrNull = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

/** The rules of a quiz: kind, time, attempts, pass mark, scale, when answers show, opening window, shuffling. */
export function SettingsForm({ value: v, onChange }: TProps) {
  const { t } = useTranslation('quizzes');
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="quiz-title" label={t('build.title')} required value={v.title} onValueChange={(title) => onChange({ title })} />
        <SelectField
          id="quiz-kind"
          label={t('build.kind')}
          hint={t(`kindHint.${v.kind}`)}
          value={v.kind}
          options={QUIZ_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          onValueChange={(kind) => onChange(kind === 'mock' ? { kind, attemptsAllowed: 1, showAnswers: 'after_close' } : { kind })}
        />
      </div>
      <TextAreaField
        id="quiz-description"
        label={t('build.description')}
        hint={t('build.latexHint')}
        value={v.description}
        onValueChange={(description) => onChange({ description })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextField
          id="quiz-time"
          dir="ltr"
          inputMode="numeric"
          label={t('build.timeLimit')}
          hint={t('build.emptyNoLimit')}
          value={v.timeLimitMinutes === null ? '' : String(v.timeLimitMinutes)}
          onValueChange={(s) => onChange({ timeLimitMinutes: intOrNull(s) })}
        />
        <TextField
          id="quiz-attempts"
          dir="ltr"
          inputMode="numeric"
          label={t('build.attempts')}
          hint={t('build.emptyUnlimited')}
          disabled={v.kind === 'mock'}
          value={v.attemptsAllowed === null ? '' : String(v.attemptsAllowed)}
          onValueChange={(s) => onChange({ attemptsAllowed: intOrNull(s) })}
        />
        <TextField
          id="quiz-pass"
          dir="ltr"
          inputMode="decimal"
          label={t('build.passPercent')}
          hint={t('build.emptyNoPass')}
          value={v.passPercent === null ? '' : String(v.passPercent)}
          onValueChange={(s) => onChange({ passPercent: numOrNull(s) })}
        />
        <TextField
          id="quiz-scale"
          dir="ltr"
          inputMode="numeric"
          label={t('build.scaleTo')}
          value={String(v.scaleTo)}
          onValueChange={(s) => onChange({ scaleTo: intOrNull(s) ?? 20 })}
        />
      </div>
      <WindowFields value={v} onChange={onChange} />
    </div>
  );
}

/** When answers show, the opening window (Algiers time) and the shuffling and "must pass" switches. */
function WindowFields({ value: v, onChange }: TProps) {
  const { t } = useTranslation('quizzes');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id="quiz-show"
          label={t('build.showAnswers')}
          value={v.showAnswers}
          options={SHOW_ANSWERS.map((s) => ({ value: s, label: t(`show.${s}`) }))}
          onValueChange={(showAnswers) => onChange({ showAnswers })}
        />
        <TextField
          id="quiz-opens"
          type="datetime-local"
          dir="ltr"
          label={t('build.opensAt')}
          hint={t('build.algiersTime')}
          value={v.opensAt ?? ''}
          onValueChange={(s) => onChange({ opensAt: s || null })}
        />
        <TextField
          id="quiz-closes"
          type="datetime-local"
          dir="ltr"
          label={t('build.closesAt')}
          hint={t('build.algiersTime')}
          value={v.closesAt ?? ''}
          onValueChange={(s) => onChange({ closesAt: s || null })}
        />
      </div>
      <div className="flex flex-wrap gap-x-5">
        <CheckboxField
          label={t('build.shuffleQuestions')}
          checked={v.shuffleQuestions}
          onCheckedChange={(shuffleQuestions) => onChange({ shuffleQuestions })}
        />
        <CheckboxField label={t('build.shuffleOptions')} checked={v.shuffleOptions} onCheckedChange={(shuffleOptions) => onChange({ shuffleOptions })} />
        <CheckboxField label={t('build.mustPass')} checked={v.mustPass} onCheckedChange={(mustPass) => onChange({ mustPass })} />
      </div>
    </>
  );
}
