import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';

type TProps = { id: string; label: string; accept: string; file: File | null; onChange: (file: File | null) => void };

/**
 * A file field in the page's language. A native <input type=file> writes its button and its "no file
 * chosen" in the browser's language, whatever the page's (issue 11): the input stays, labelled and used
 * by assistive technology and tests, but people see and press our button, and read the chosen name.
 */
export function FilePicker({ id, label, accept, file, onChange }: TProps) {
  const { t } = useTranslation('courses');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input ref={input} id={id} type="file" accept={accept} tabIndex={-1} className="sr-only" onChange={(e) => onChange(e.target.files?.[0] ?? null)} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" size="sm" onClick={() => input.current?.click()} aria-describedby={`${id}-name`} data-testid={`${id}-choose`}>
          {file ? t('lesson.changeFile') : t('lesson.chooseFile')}
        </Button>
        <span id={`${id}-name`} className="min-w-0 break-all text-sm text-gray-700" dir="auto" data-testid={`${id}-name`}>
          {file ? file.name : t('lesson.noFile')}
        </span>
      </div>
    </div>
  );
}
