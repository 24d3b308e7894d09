import { describe, expect, it } from 'vitest';
import { equivalent, latexToMath } from './expression';
import { normalizeText, parseNumberAnswer } from './normalize';
import { ZQuestion, type TQuestion } from './schemas';
import { correctAnswerText, scoreQuestion, totalOf } from './scoring';
import { buildPaper, type TResolvedQuestion } from './variant';

const q = (input: Record<string, unknown>, values: Record<string, number> = {}): TResolvedQuestion => ({
  ...ZQuestion.parse({ id: 'q', prompt: 'p', points: 2, ...input }),
  values,
});
const options = [
  { id: 'a', text: 'A' },
  { id: 'b', text: 'B' },
  { id: 'c', text: 'C' },
  { id: 'd', text: 'D' },
];

describe('expression equivalence', () => {
  it('accepts equal expressions written differently', () => {
    expect(equivalent('2(x+1)', '2x+2', ['x'])).toBe(true);
    expect(equivalent('(x+1)^2', 'x^2+2x+1', ['x'])).toBe(true);
    expect(equivalent('\\frac{x^2-1}{x-1}', 'x+1', ['x'])).toBe(true);
    expect(equivalent('sin(x)^2+cos(x)^2', '1', ['x'])).toBe(true);
    expect(equivalent('ln(x^2)', '2ln(x)', ['x'])).toBe(true);
    expect(equivalent('٢x+٢', '2x+2', ['x'])).toBe(true);
  });
  it('refuses different ones, other letters and functions outside the list', () => {
    expect(equivalent('2x+1', '2x+2', ['x'])).toBe(false);
    expect(equivalent('x^2', 'x^3', ['x'])).toBe(false);
    expect(equivalent('2y+2', '2x+2', ['x'])).toBe(false);
    expect(equivalent('import({}, {})', '1', ['x'])).toBe(false);
    expect(equivalent('evaluate("1")', '1', ['x'])).toBe(false);
    expect(equivalent('', '1', ['x'])).toBe(false);
    expect(equivalent('2(x+1', '2x+2', ['x'])).toBe(false);
  });
  it('reads the LaTeX a maths keyboard sends', () => {
    expect(latexToMath('\\sqrt{x}\\cdot\\frac{1}{2}')).toBe('sqrt(x)*((1)/(2))');
  });
});

describe('normalisation', () => {
  it('reads Arabic digits, decimal commas and units', () => {
    expect(parseNumberAnswer('١٢٫٥ سم')).toEqual({ number: 12.5, unit: 'سم' });
    expect(parseNumberAnswer('12,5cm')).toEqual({ number: 12.5, unit: 'cm' });
    expect(parseNumberAnswer('abc')).toBeNull();
    expect(normalizeText('  Énergie   CINÉTIQUE ')).toBe('énergie cinétique');
    expect(normalizeText('الطَّاقة')).toBe(normalizeText('الطاقة'));
  });
});

describe('marking', () => {
  it('single choice, with and without negative marking', () => {
    expect(scoreQuestion(q({ type: 'single', options, correct: 'b' }), { choices: ['b'] }).earned).toBe(2);
    expect(scoreQuestion(q({ type: 'single', options, correct: 'b' }), { choices: ['a'] }).earned).toBe(0);
    expect(scoreQuestion(q({ type: 'single', options, correct: 'b', negative: true }), { choices: ['a'] }).earned).toBeCloseTo(-0.67, 2);
    expect(scoreQuestion(q({ type: 'single', options, correct: 'b', negative: true }), null).earned).toBe(0);
  });
  it('multiple choice: partial credit, all or nothing, negative marking', () => {
    const multi = { type: 'multiple', options, correct: ['a', 'b'] };
    expect(scoreQuestion(q(multi), { choices: ['a', 'b'] })).toMatchObject({ earned: 2, correct: true });
    expect(scoreQuestion(q(multi), { choices: ['a'] }).earned).toBe(1);
    expect(scoreQuestion(q(multi), { choices: ['a', 'c'] }).earned).toBe(0);
    expect(scoreQuestion(q(multi), { choices: ['c', 'd'] }).earned).toBe(0);
    expect(scoreQuestion(q({ ...multi, negative: true }), { choices: ['c', 'd'] }).earned).toBe(-2);
    expect(scoreQuestion(q({ ...multi, partial: false }), { choices: ['a'] }).earned).toBe(0);
  });
  it('true/false', () => {
    expect(scoreQuestion(q({ type: 'truefalse', correct: false }), { bool: false }).earned).toBe(2);
    expect(scoreQuestion(q({ type: 'truefalse', correct: false, negative: true }), { bool: true }).earned).toBe(-2);
  });
  it('numeric: tolerance, units, variables', () => {
    const numeric = { type: 'numeric', answer: '9.81', tolerance: 0.05, unit: 'm/s^2', unitAliases: ['m.s-2'] };
    expect(scoreQuestion(q(numeric), { text: '9,8' }).earned).toBe(2);
    expect(scoreQuestion(q(numeric), { text: '9.7' }).earned).toBe(0);
    expect(scoreQuestion(q(numeric), { text: '9.8', unit: 'm/s2' }).earned).toBe(2);
    expect(scoreQuestion(q(numeric), { text: '9.8 km' }).earned).toBe(0);
    expect(scoreQuestion(q({ ...numeric, unitRequired: true }), { text: '9.8' }).earned).toBe(0);
    expect(scoreQuestion(q({ type: 'numeric', answer: 'a*b', tolerance: 1, toleranceType: 'relative' }, { a: 3, b: 100 }), { text: '302' }).earned).toBe(2);
    expect(correctAnswerText(q({ type: 'numeric', answer: '{a}*{b}' }, { a: 3, b: 4 }))).toBe('12');
  });
  it('short text with accepted answers', () => {
    const text = { type: 'text', accepted: ['Newton', 'نيوتن'] };
    expect(scoreQuestion(q(text), { text: ' newton ' }).earned).toBe(2);
    expect(scoreQuestion(q(text), { text: 'نيوتن' }).earned).toBe(2);
    expect(scoreQuestion(q({ ...text, caseSensitive: true }), { text: 'newton' }).earned).toBe(0);
  });
  it('expression with the attempt’s numbers', () => {
    const expr = { type: 'expression', answer: '{a}(x+1)', variables: [{ name: 'a', min: 2, max: 5 }] };
    expect(scoreQuestion(q(expr, { a: 3 }), { text: '3x+3' }).earned).toBe(2);
    expect(scoreQuestion(q(expr, { a: 3 }), { text: '2x+2' }).earned).toBe(0);
  });
  it('handwriting waits for the teacher; a total never goes below zero', () => {
    const upload = { type: 'upload', rubric: [{ id: 'r', label: 'method', points: 3 }] };
    expect(scoreQuestion(q(upload), {}, true)).toEqual({ earned: 0, correct: null, pending: true });
    expect(
      totalOf([
        { earned: -2, correct: false, pending: false },
        { earned: 1, correct: true, pending: false },
      ]).points,
    ).toBe(0);
  });
});

describe('variants', () => {
  const subject = {
    id: 's',
    title: '',
    exercises: [
      {
        id: 'e',
        title: '',
        intro: '',
        figure: null,
        questions: [1, 2, 3, 4].map((n) =>
          ZQuestion.parse({ id: `q${n}`, type: 'single', prompt: 'x={a}', points: 1, options, correct: 'a', variables: [{ name: 'a', min: 1, max: 1000 }] }),
        ),
      },
    ],
  };
  const settings = { shuffleQuestions: true, shuffleOptions: true, draws: [{ chapter: 'c', year: null, count: 2 }], drawPoints: 1 };
  const pool: TQuestion[] = [5, 6, 7].map((n) => ZQuestion.parse({ id: `b${n}`, type: 'truefalse', prompt: 'p', points: 1, correct: true }));
  it('the same seed gives the same paper; another seed another one', () => {
    expect(buildPaper(subject, settings, [pool], 42)).toEqual(buildPaper(subject, settings, [pool], 42));
    expect(buildPaper(subject, settings, [pool], 42)).not.toEqual(buildPaper(subject, settings, [pool], 43));
    const paper = buildPaper(subject, settings, [pool], 7);
    expect(paper.exercises[1]?.questions).toHaveLength(2);
    expect(paper.exercises[0]?.questions[0]?.prompt).toMatch(/^x=\d+$/);
  });
});
