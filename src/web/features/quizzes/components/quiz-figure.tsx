import { useTranslation } from 'react-i18next';
import { figureUrl } from '@web/features/quizzes/api';

/** A question's or an exercise's figure (a graph, a circuit), as wide as the phone allows. */
export function QuizFigure({ side, quizId, name }: { side: 'teacher' | 'student'; quizId: string; name: string | null }) {
  return <FigureImage src={name ? figureUrl(side, quizId, name) : null} />;
}

/** The image itself, from wherever it is served (a quiz's figures or the course's bank). */
export function FigureImage({ src }: { src: string | null }) {
  const { t } = useTranslation('quizzes');
  if (!src) return null;
  return (
    <img
      src={src}
      alt={t('take.figure')}
      loading="lazy"
      data-testid="quiz-figure"
      className="my-2 block h-auto max-h-96 max-w-full rounded-lg border border-gray-200 bg-white object-contain"
    />
  );
}
