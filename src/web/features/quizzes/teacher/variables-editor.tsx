import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { CloseIcon } from '@web/components/ui/icons';
import type { TVariable } from '@shared/quizzes/schemas';

const MAX_VARIABLES = 6;
const NAMES = 'abcdefghkmnpqrstuvw';

/** A number typed freely ("-", "0," on the way to "-0,5"): the question gets it once it reads as one. */
function NumberBox({ label, value, onChange }: { label: string; value: number; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  return (
    <input
      aria-label={label}
      dir="ltr"
      inputMode="decimal"
      className="block min-h-11 w-20 rounded-lg border border-gray-300 px-2"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value.replace(',', '.'));
        if (e.target.value.trim() !== '' && Number.isFinite(n)) onChange(n);
      }}
    />
  );
}

/** Random numbers per student (issue 25): {a} in the text and the answer takes each attempt's own value. */
export function VariablesEditor({ id, value, onChange }: { id: string; value: TVariable[]; onChange: (v: TVariable[]) => void }) {
  const { t } = useTranslation('quizzes');
  const set = (i: number, patch: Partial<TVariable>) => onChange(value.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const free = [...NAMES].find((n) => !value.some((v) => v.name === n)) ?? 'z';
  return (
    <div className="space-y-2" data-testid={`${id}-variables`}>
      <p className="text-sm font-medium text-gray-800">{t('build.variables')}</p>
      <p className="text-xs text-gray-600">{t('build.variablesHint')}</p>
      {value.map((v, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          <input
            aria-label={t('build.variableName', { n: i + 1 })}
            dir="ltr"
            className="block min-h-11 w-16 rounded-lg border border-gray-300 px-2"
            value={v.name}
            onChange={(e) => set(i, { name: e.target.value.trim().toLowerCase() })}
          />
          <NumberBox label={t('build.variableMin', { n: i + 1 })} value={v.min} onChange={(min) => set(i, { min })} />
          <NumberBox label={t('build.variableMax', { n: i + 1 })} value={v.max} onChange={(max) => set(i, { max })} />
          <NumberBox label={t('build.variableStep', { n: i + 1 })} value={v.step} onChange={(step) => set(i, { step })} />
          <Button variant="ghost" size="sm" aria-label={t('build.removeVariable', { n: i + 1 })} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            <CloseIcon className="size-4" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={value.length >= MAX_VARIABLES}
        onClick={() => onChange([...value, { name: free, min: 1, max: 10, step: 1 }])}
      >
        {t('build.addVariable')}
      </Button>
    </div>
  );
}
