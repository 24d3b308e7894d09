import type { TDraw, TExercise, TQuestion, TSubject, TVariable } from './schemas';

/*
 * An attempt's variant (decision 160): the drawn bank questions, the order of questions and options and the random
 * numbers all come from one 32-bit seed stored on the attempt, so the same seed always gives the same paper.
 */

/** A question as it stands in one attempt: its {variables} replaced, its options in this attempt's order. */
export type TResolvedQuestion = TQuestion & { values: Record<string, number> };
export type TPaperExerciseFull = Omit<TExercise, 'questions'> & { questions: TResolvedQuestion[] };
export type TPaper = { subjectId: string; exercises: TPaperExerciseFull[] };

/** mulberry32: small, fast and good enough to shuffle a paper (not for secrets). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A value between min and max on the step's grid (rounded to avoid 0.30000000000000004). */
export function drawValue(variable: TVariable, random: () => number): number {
  const { min, max, step } = variable;
  const steps = Math.max(0, Math.floor((max - min) / step + 1e-9));
  const value = min + Math.floor(random() * (steps + 1)) * step;
  return Number(value.toFixed(10));
}

/** Replaces {name} by its value; other braces (LaTeX) are left alone. */
export function substitute(text: string, values: Record<string, number>): string {
  return text.replace(/\{([a-z][a-z0-9]{0,9})\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function resolve(question: TQuestion, random: () => number, shuffleOptions: boolean): TResolvedQuestion {
  const values: Record<string, number> = {};
  for (const v of question.variables) values[v.name] = drawValue(v, random);
  const prompt = substitute(question.prompt, values);
  const solution = substitute(question.solution, values);
  const hint = substitute(question.hint, values);
  if ((question.type === 'single' || question.type === 'multiple') && shuffleOptions) {
    return { ...question, prompt, solution, hint, values, options: shuffled(question.options, random) };
  }
  return { ...question, prompt, solution, hint, values };
}

type TPaperOptions = { shuffleQuestions: boolean; shuffleOptions: boolean; draws: TDraw[]; drawPoints: number };

/** `pools[i]`: the bank questions matching `draws[i]` (read by the server in a stable order). */
export function buildPaper(subject: TSubject, settings: TPaperOptions, pools: TQuestion[][], seed: number): TPaper {
  const random = seededRandom(seed);
  const exercises: TPaperExerciseFull[] = subject.exercises.map((exercise) => {
    const questions = settings.shuffleQuestions ? shuffled(exercise.questions, random) : exercise.questions;
    return { ...exercise, questions: questions.map((q) => resolve(q, random, settings.shuffleOptions)) };
  });
  const taken = new Set<string>();
  const drawn: TResolvedQuestion[] = [];
  settings.draws.forEach((draw, i) => {
    const pool = (pools[i] ?? []).filter((q) => !taken.has(q.id));
    for (const q of shuffled(pool, random).slice(0, draw.count)) {
      taken.add(q.id);
      // A bank question's figure stays in the course's bank; the paper keeps its name (decision 232).
      drawn.push(resolve({ ...q, points: settings.drawPoints }, random, settings.shuffleOptions));
    }
  });
  if (drawn.length) exercises.push({ id: 'drawn', title: '', intro: '', figure: null, questions: settings.shuffleQuestions ? shuffled(drawn, random) : drawn });
  return { subjectId: subject.id, exercises };
}

/** Points of a question: a handwritten one is worth the sum of its rubric. */
export const questionPoints = (q: TQuestion) => (q.type === 'upload' ? q.rubric.reduce((s, c) => s + c.points, 0) : q.points);

export const paperPoints = (paper: TPaper) => paper.exercises.reduce((s, e) => s + e.questions.reduce((t, q) => t + questionPoints(q), 0), 0);
