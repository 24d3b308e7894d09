import { describe, expect, it } from 'vitest';
import { ZQuizInput } from '@shared/quizzes/schemas';
import { AppError } from '@server/core/errors';
import { checkQuiz } from './validate-quiz';

const quiz = (questions: unknown[], extra: Record<string, unknown> = {}) =>
  ZQuizInput.parse({ title: 'q', subjects: [{ id: 's', exercises: [{ id: 'e', questions }] }], ...extra });
const tf = (id: string, points = 1) => ({ id, type: 'truefalse', prompt: 'p', points, correct: true });

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'QUIZ_INVALID') return Object.keys(error.fields ?? {})[0];
    throw error;
  }
  return undefined;
}

describe('checkQuiz', () => {
  it('returns the largest subject plus the drawn questions; a rubric counts its criteria', () => {
    const rubric = { id: 'u', type: 'upload', prompt: 'p', points: 0, rubric: [{ id: 'a', label: 'a', points: 3 }] };
    expect(checkQuiz(quiz([tf('a', 2), rubric], { draws: [{ chapter: 'c', count: 3 }], drawPoints: 2 }))).toBe(11);
  });
  it('names the question that is wrong', () => {
    expect(fieldOf(() => checkQuiz(quiz([tf('a'), tf('a')])))).toBe('subjects.0.exercises.0.questions.1.id');
    const numeric = { id: 'n', type: 'numeric', prompt: 'p', points: 1, answer: '1/(a-2)', variables: [{ name: 'a', min: 2, max: 5 }] };
    expect(fieldOf(() => checkQuiz(quiz([numeric])))).toBe('subjects.0.exercises.0.questions.0.answer');
    const expression = { id: 'x', type: 'expression', prompt: 'p', points: 1, answer: '2y+' };
    expect(fieldOf(() => checkQuiz(quiz([expression])))).toBe('subjects.0.exercises.0.questions.0.answer');
    const multiple = {
      id: 'm',
      type: 'multiple',
      prompt: 'p',
      points: 1,
      options: [
        { id: 'a', text: 'a' },
        { id: 'b', text: 'b' },
      ],
      correct: ['a', 'c'],
    };
    expect(fieldOf(() => checkQuiz(quiz([multiple])))).toBe('subjects.0.exercises.0.questions.0.correct');
  });
  it('wants two subjects for a mock exam and one otherwise, and some points', () => {
    expect(fieldOf(() => checkQuiz(quiz([tf('a')], { kind: 'mock' })))).toBe('subjects');
    expect(fieldOf(() => checkQuiz(quiz([tf('a', 0)])))).toBe('subjects');
  });
});
