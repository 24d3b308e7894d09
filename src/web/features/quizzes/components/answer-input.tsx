import { useTranslation } from 'react-i18next';
import { INPUT_CLASS } from '@web/components/ui/form-field';
import type { TAnswerValue } from '@shared/quizzes/schemas';
import type { TPaperQuestion } from '@shared/quizzes/views';
import { MathInput } from '@web/features/quizzes/math/math-input';
import { MathText } from '@web/features/quizzes/math/math-text';

type TProps = {
  question: TPaperQuestion;
  value: TAnswerValue | undefined;
  onChange: (value: TAnswerValue) => void;
  disabled?: boolean;
  /** The handwritten answer's file input (upload questions), provided by the taking screen. */
  upload?: React.ReactNode;
};

const CHOICE =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 bg-white px-3 py-2 has-checked:border-primary-500 has-checked:bg-primary-50';

/** The control a student answers one question with, by its type. */
export function AnswerInput({ question: q, value, onChange, disabled, upload }: TProps) {
  const { t } = useTranslation('quizzes');
  const id = `answer-${q.id}`;
  switch (q.type) {
    case 'single':
    case 'multiple':
      return <ChoiceInput question={q} value={value} onChange={onChange} disabled={disabled} />;
    case 'truefalse':
      return (
        <fieldset className="grid grid-cols-2 gap-2" disabled={disabled}>
          <legend className="sr-only">{t('take.trueOrFalse')}</legend>
          {([true, false] as const).map((b) => (
            <label key={String(b)} className={CHOICE}>
              <input type="radio" name={id} className="size-5 accent-primary-600" checked={value?.bool === b} onChange={() => onChange({ bool: b })} />
              {t(b ? 'take.true' : 'take.false')}
            </label>
          ))}
        </fieldset>
      );
    case 'numeric':
      return (
        <div className="flex items-center gap-2">
          <input
            id={id}
            dir="ltr"
            inputMode="decimal"
            autoComplete="off"
            aria-label={t('take.yourAnswer')}
            className={INPUT_CLASS + ' border-gray-300 max-w-48'}
            value={value?.text ?? ''}
            disabled={disabled}
            // A comma is the decimal mark on many Arabic and French keyboards.
            onChange={(e) => onChange({ ...value, text: e.target.value.replace(',', '.') })}
          />
          {q.unit ? (
            <bdi dir="ltr" className="text-gray-700">
              {q.unit}
            </bdi>
          ) : null}
        </div>
      );
    case 'text':
      return (
        <input
          id={id}
          autoComplete="off"
          aria-label={t('take.yourAnswer')}
          className={INPUT_CLASS + ' border-gray-300'}
          value={value?.text ?? ''}
          disabled={disabled}
          onChange={(e) => onChange({ text: e.target.value })}
        />
      );
    case 'expression':
      return (
        <div className="space-y-1">
          <MathInput id={id} label={t('take.yourExpression')} value={value?.text ?? ''} disabled={disabled} onChange={(text) => onChange({ text })} />
          {q.symbols?.length ? <p className="text-xs text-gray-500">{t('take.symbols', { symbols: q.symbols.join(', ') })}</p> : null}
        </div>
      );
    case 'upload':
      return <div className="space-y-2">{upload}</div>;
  }
}

/** Single choice (radio buttons) or multiple choice (checkboxes), each option with its maths. */
function ChoiceInput({ question: q, value, onChange, disabled }: Omit<TProps, 'upload'>) {
  const { t } = useTranslation('quizzes');
  const id = `answer-${q.id}`;
  const chosen = new Set(value?.choices ?? []);
  const toggle = (optionId: string) =>
    onChange({ choices: q.type === 'single' ? [optionId] : chosen.has(optionId) ? [...chosen].filter((c) => c !== optionId) : [...chosen, optionId] });
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="sr-only">{t(q.type === 'single' ? 'take.pickOne' : 'take.pickMany')}</legend>
      {(q.options ?? []).map((o) => (
        <label key={o.id} className={CHOICE}>
          <input
            type={q.type === 'single' ? 'radio' : 'checkbox'}
            name={id}
            className="size-5 accent-primary-600"
            checked={chosen.has(o.id)}
            onChange={() => toggle(o.id)}
          />
          <MathText text={o.text} />
        </label>
      ))}
    </fieldset>
  );
}
