import { compileExpression, evaluateNumber } from '@shared/quizzes/expression';
import type { TQuestion, TQuizInput, TSubject } from '@shared/quizzes/schemas';
import { questionPoints, substitute } from '@shared/quizzes/variant';
import { AppError } from '@server/core/errors';

/*
 * What zod cannot see in a quiz (decision 160): the correct choice is one of the options, a numeric answer and an
 * expected expression are valid for every extreme value of the variables, ids are unique, a mock exam has two
 * subjects. The error names the question (its path) so the editor can point at it.
 */

function fail(path: string): never {
  throw new AppError('QUIZ_INVALID', { [path]: 'fields.invalid' });
}

function extremes(q: TQuestion): Array<Record<string, number>> {
  const low: Record<string, number> = {};
  const high: Record<string, number> = {};
  for (const v of q.variables) {
    if (v.max < v.min) return [];
    low[v.name] = v.min;
    high[v.name] = v.max;
  }
  return [low, high];
}

export function checkQuestion(q: TQuestion, path: string) {
  const cases = extremes(q);
  if (q.variables.length && cases.length === 0) fail(`${path}.variables`);
  const optionIds = 'options' in q ? new Set(q.options.map((o) => o.id)) : new Set<string>();
  if ('options' in q && optionIds.size !== q.options.length) fail(`${path}.options`);
  if (q.type === 'single' && !optionIds.has(q.correct)) fail(`${path}.correct`);
  if (q.type === 'multiple' && (q.correct.some((c) => !optionIds.has(c)) || new Set(q.correct).size !== q.correct.length)) fail(`${path}.correct`);
  if (q.type === 'numeric' && cases.some((values) => !Number.isFinite(evaluateNumber(substitute(q.answer, values), values)))) fail(`${path}.answer`);
  if (q.type === 'expression') {
    const names = [...q.symbols, ...q.variables.map((v) => v.name)];
    if (!compileExpression(substitute(q.answer, cases[0] ?? {}), names)) fail(`${path}.answer`);
  }
  if (q.type === 'upload' && new Set(q.rubric.map((c) => c.id)).size !== q.rubric.length) fail(`${path}.rubric`);
}

export const subjectPoints = (s: TSubject) => s.exercises.reduce((t, e) => t + e.questions.reduce((u, q) => u + questionPoints(q), 0), 0);

/** Checks the whole quiz and returns its maximum points (the largest subject, plus the drawn questions). */
export function checkQuiz(input: TQuizInput): number {
  if (input.kind === 'mock' && input.subjects.length !== 2) fail('subjects');
  if (input.kind !== 'mock' && input.subjects.length !== 1) fail('subjects');
  const ids = new Set<string>();
  input.subjects.forEach((s, si) =>
    s.exercises.forEach((e, ei) =>
      e.questions.forEach((q, qi) => {
        const path = `subjects.${si}.exercises.${ei}.questions.${qi}`;
        if (ids.has(q.id)) fail(`${path}.id`);
        ids.add(q.id);
        checkQuestion(q, path);
      }),
    ),
  );
  input.subjects.forEach((s, si) => {
    const exerciseIds = s.exercises.map((e) => e.id);
    if (new Set(exerciseIds).size !== exerciseIds.length || exerciseIds.includes('drawn')) fail(`subjects.${si}.exercises`);
  });
  const drawn = input.draws.reduce((n, d) => n + d.count, 0) * input.drawPoints;
  const max = Math.max(...input.subjects.map(subjectPoints)) + drawn;
  if (max <= 0) fail('subjects');
  return max;
}
