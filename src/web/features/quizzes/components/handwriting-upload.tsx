import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@web/components/file-picker';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { useBytesFormat } from '@web/lib/format';
import { HANDWRITING_MAX_BYTES } from '@shared/quizzes/schemas';
import type { TPaperQuestion } from '@shared/quizzes/views';
import { quizzesKeys, uploadHandwriting } from '@web/features/quizzes/api';
import { MathText } from '@web/features/quizzes/math/math-text';

type TFile = { name: string; type: string; size: number };

/** A photo or PDF of handwritten working, sent at once (it needs the network); the teacher grades it against the rubric. */
export function HandwritingUpload({ attemptId, question, saved }: { attemptId: string; question: TPaperQuestion; saved: TFile | null }) {
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const bytes = useBytesFormat();
  const client = useQueryClient();
  const [file, setFile] = useState<TFile | null>(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = `upload-${question.id}`;

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    setError('');
    if (picked.size > HANDWRITING_MAX_BYTES) return setError(t('take.fileTooBig', { max: bytes(HANDWRITING_MAX_BYTES) }));
    setBusy(true);
    try {
      await uploadHandwriting(attemptId, question.id, picked);
      setFile({ name: picked.name, type: picked.type, size: picked.size });
      void client.invalidateQueries({ queryKey: quizzesKeys.all });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2">
      {question.rubric?.length ? (
        <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          <p className="font-medium">{t('take.rubric')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {question.rubric.map((r) => (
              <li key={r.id}>
                <MathText text={r.label} /> <span className="text-gray-500">({t('points', { count: r.points })})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FilePicker
        id={id}
        label={t('take.uploadLabel')}
        accept="image/*,application/pdf"
        capture="environment"
        busy={busy}
        file={file}
        onChange={(picked) => void pick(picked ?? undefined)}
      />
      {busy ? <p className="text-sm text-gray-600">{t('take.uploading')}</p> : null}
      {file && !busy ? (
        <p className="text-sm text-green-800" data-testid={`${id}-done`}>
          {t('take.uploaded', { name: file.name, size: bytes(file.size) })}
        </p>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
