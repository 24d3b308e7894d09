import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';

type TProps = {
  id: string;
  label: ReactNode;
  accept: string;
  /** The chosen (or already sent) file: only its name is shown. */
  file: { name: string } | null;
  onChange: (file: File | null) => void;
  hint?: ReactNode;
  disabled?: boolean;
  busy?: boolean;
  /** Opens the camera first on phones (a photo of handwritten working). */
  capture?: 'environment' | 'user';
  /** The hidden input's test id (the id by default). */
  testId?: string;
  className?: string;
};

/**
 * A file field in the page's language. A native <input type=file> writes its button and its "no file
 * chosen" in the browser's language, whatever the page's (issue 11): the input stays, labelled and used
 * by assistive technology and tests, but people see and press our button (the field's label and the chosen name describe it), and read
 * the chosen name. The input is emptied after each choice so that choosing the same file again is heard.
 */
export function FilePicker({ id, label, accept, file, onChange, hint, disabled, busy, capture, testId, className }: TProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={cx('space-y-1.5', className)}>
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        capture={capture}
        disabled={disabled || busy}
        tabIndex={-1}
        className="sr-only"
        data-testid={testId ?? id}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={disabled}
          busy={busy}
          onClick={() => input.current?.click()}
          aria-describedby={cx(`${id}-label`, `${id}-name`, hint ? `${id}-hint` : null)}
          data-testid={`${id}-choose`}
        >
          {file ? t('filePicker.change') : t('filePicker.choose')}
        </Button>
        <span id={`${id}-name`} className="min-w-0 break-all text-sm text-gray-700" dir="auto" data-testid={`${id}-name`}>
          {file ? file.name : t('filePicker.none')}
        </span>
      </div>
    </div>
  );
}
