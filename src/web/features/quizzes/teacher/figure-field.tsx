import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '@web/components/file-picker';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { useErrorText } from '@web/lib/api-errors';
import { useBytesFormat } from '@web/lib/format';
import { FIGURE_MAX_BYTES } from '@shared/quizzes/schemas';
import { homeFigureUrl, uploadFigure, type TFigureHome } from '@web/features/quizzes/api';
import { FigureImage } from '@web/features/quizzes/components/quiz-figure';

/** Where the editor's figures are stored: with the quiz being edited, or in the course's bank (decision 232). */
export const FigureHome = createContext<TFigureHome | null>(null);

/** An image under a question's or an exercise's text: picked, sent at once, shown, removable. */
export function FigureField({ id, value, onChange }: { id: string; value: string | null; onChange: (figure: string | null) => void }) {
  const home = useContext(FigureHome);
  const { t } = useTranslation('quizzes');
  const errorText = useErrorText();
  const bytes = useBytesFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  if (!home) return null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (file.size > FIGURE_MAX_BYTES) return setError(t('build.figureTooBig', { max: bytes(FIGURE_MAX_BYTES) }));
    setBusy(true);
    try {
      onChange((await uploadFigure(home, file)).figure);
      setPicked(file.name);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-1">
      <FilePicker
        id={`${id}-figure`}
        label={t('build.figure')}
        accept="image/jpeg,image/png,image/webp"
        busy={busy}
        // A figure saved earlier has no file name to show: its picture below says it is there.
        file={value ? { name: picked ?? '' } : null}
        onChange={(f) => void pick(f ?? undefined)}
      />
      <FigureImage src={value ? homeFigureUrl(home, value) : null} />
      {value ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t('build.removeFigure')}
        </Button>
      ) : null}
      <p className="text-xs text-gray-600">{busy ? t('build.figureSending') : t('build.figureHint', { max: bytes(FIGURE_MAX_BYTES) })}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
