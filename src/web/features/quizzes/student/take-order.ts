import type { TAnswerValue } from '@shared/quizzes/schemas';
import type { TPaperExercise, TPaperQuestion } from '@shared/quizzes/views';

/** The taking screen's order: questions numbered across exercises, shown one at a time or a whole exercise. */
export type TFlat = { exercise: TPaperExercise; question: TPaperQuestion; number: number };
export type TMode = 'one' | 'exercise';

export function flatten(exercises: TPaperExercise[]): TFlat[] {
  const out: TFlat[] = [];
  for (const exercise of exercises) for (const question of exercise.questions) out.push({ exercise, question, number: out.length + 1 });
  return out;
}

export function hasAnswer(v: TAnswerValue | undefined, q: TPaperQuestion): boolean {
  if (q.type === 'upload') return false;
  return Boolean(v && ((v.choices?.length ?? 0) > 0 || v.bool !== undefined || (v.text ?? '').trim() !== ''));
}

/** The next question, or the first of the next exercise when the whole exercise is shown. */
export function nextIndex(flat: TFlat[], index: number, mode: TMode): number {
  if (mode === 'one') return index + 1;
  const ex = flat[index]?.exercise.id;
  const i = flat.findIndex((f, j) => j > index && f.exercise.id !== ex);
  return i === -1 ? flat.length : i;
}

export function previous(flat: TFlat[], index: number, mode: TMode): number {
  if (mode === 'one') return Math.max(0, index - 1);
  const before = flat[index - 1]?.exercise.id;
  return Math.max(
    0,
    flat.findIndex((f) => f.exercise.id === before),
  );
}
