import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { useErrorText } from '@web/lib/api-errors';
import { LANDING_LIMITS } from '@shared/schemas/landing';
import { landingApi } from '@web/features/landing/api';
import { INPUT_CLASS } from '@web/components/ui/form-field';

/** Uploads a picked image (refusing one over the size limit first) and hands its address on. */
function useImageUpload(kind: string, onChange: (url: string) => void, input: RefObject<HTMLInputElement | null>) {
  const { t } = useTranslation('landing');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setUploadError(null);
    if (file.size > LANDING_LIMITS.imageBytes) {
      setUploadError(t('editor.image.tooLarge'));
      return;
    }
    setBusy(true);
    try {
      const { image } = await landingApi.upload(file, kind);
      onChange(image.url);
    } catch (e) {
      setUploadError(errorText(e));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return { busy, uploadError, upload };
}

/**
 * An image: uploaded (checked by content and resized by the server, stored under a generated name) or
 * an https address. Empty means none.
 */
export function ImageField({
  label,
  value,
  onChange,
  kind,
  testId,
  error,
}: {
  label: string;
  value: string | undefined;
  onChange: (url: string) => void;
  kind: string;
  testId: string;
  error?: string;
}) {
  const { t } = useTranslation('landing');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { busy, uploadError, upload } = useImageUpload(kind, onChange, input);

  return (
    <div className="min-w-0 space-y-1.5" data-testid={testId}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-100">
          {value ? (
            <img src={value} alt={t('editor.image.thumb')} className="h-full w-full object-cover" data-testid={`${testId}-thumb`} />
          ) : (
            <span className="text-xs text-gray-400">{t('editor.image.none')}</span>
          )}
        </span>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          className="sr-only"
          tabIndex={-1}
          aria-label={label}
          id={`${id}-file`}
          data-testid={`${testId}-file`}
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
        <Button variant="secondary" size="sm" busy={busy} onClick={() => input.current?.click()}>
          {t('editor.image.upload')}
        </Button>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            {t('editor.image.remove')}
          </Button>
        )}
      </div>
      <input
        id={id}
        dir="ltr"
        className={`${INPUT_CLASS} border-gray-300`}
        value={value ?? ''}
        placeholder={t('editor.image.urlPlaceholder')}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${testId}-url`}
      />
      <p className="text-xs text-gray-500">{t('editor.image.hint')}</p>
      {(uploadError || error) && (
        <p role="alert" className="text-sm text-red-700" data-testid={`${testId}-error`}>
          {uploadError ?? error}
        </p>
      )}
    </div>
  );
}
