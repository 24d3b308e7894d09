import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '@shared/schemas/transfer';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { paymentKeys, transfersApi } from './api';

/** A local preview of the chosen image (a PDF shows its name): the student checks it is the right screenshot. */
function usePreview(file: File | null) {
  const url = useMemo(() => (file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** Choosing and sending the receipt (an image or a PDF); the server checks the file again, whatever it is called. */
export function ReceiptUpload({ orderId, again }: { orderId: string; again: boolean }) {
  const { t } = useTranslation('transfers');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const preview = usePreview(file);
  const send = useMutation({
    mutationFn: (chosen: File) => transfersApi.uploadReceipt(orderId, chosen, setProgress),
    onSuccess: async () => {
      notify.success(t('upload.sent'));
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    send.reset();
    setProblem(null);
    if (chosen && !(RECEIPT_TYPES as readonly string[]).includes(chosen.type)) setProblem(t('upload.wrongType'));
    else if (chosen && chosen.size > RECEIPT_MAX_BYTES) setProblem(t('upload.tooLarge', { mb: RECEIPT_MAX_BYTES / 1024 / 1024 }));
    setFile(chosen);
  };
  return (
    <div className="space-y-3" data-testid="receipt-upload">
      <p className="text-sm font-medium text-gray-900" id="receipt-file-title">
        {again ? t('upload.labelAgain') : t('upload.label')}
      </p>
      <p className="text-sm text-gray-600" id="receipt-file-hint">
        {t('upload.hint', { mb: RECEIPT_MAX_BYTES / 1024 / 1024 })}
      </p>
      {/* The browser's own file button speaks the browser's language: a translated label opens the same picker. */}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id="receipt-file"
          type="file"
          accept={RECEIPT_TYPES.join(',')}
          onChange={choose}
          aria-labelledby="receipt-file-title"
          aria-describedby="receipt-file-hint"
          data-testid="receipt-file"
          className="peer sr-only"
        />
        <label
          htmlFor="receipt-file"
          className={buttonClass('secondary', 'md', 'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500')}
        >
          {file ? t('upload.chooseOther') : t('upload.choose')}
        </label>
        <span className="min-w-0 truncate text-sm text-gray-700" dir="auto">
          {file ? file.name : t('upload.none')}
        </span>
      </div>
      {preview ? (
        <img src={preview} alt={t('upload.previewAlt')} className="max-h-80 w-auto rounded-lg border border-gray-200" data-testid="receipt-preview" />
      ) : null}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      {send.isError ? <Notice tone="error">{errorText(send.error)}</Notice> : null}
      {send.isPending ? <p className="text-sm text-gray-600">{t('upload.progress', { percent: progress })}</p> : null}
      <Button onClick={() => file && send.mutate(file)} disabled={!file || problem !== null} busy={send.isPending} data-testid="receipt-send">
        {t('upload.send')}
      </Button>
    </div>
  );
}
