import { equivalent, evaluateNumber } from './expression';
import { normalizeText, normalizeUnit, parseNumberAnswer } from './normalize';
import type { TAnswerValue } from './schemas';
import { substitute, type TResolvedQuestion } from './variant';

/*
 * How every question type is marked (decision 160), the same on the server (attempts, results, item analysis) and
 * wherever else it is needed. Negative marking: a wrong single choice or true/false costs points/(options - 1), so
 * guessing is worth 0 on average; a multiple choice with partial credit earns points x (right - wrong) / correct,
 * floored at 0 (or at -points with negative marking). An unanswered question is worth 0, never less.
 */

export type TMark = { earned: number; correct: boolean | null; pending: boolean };

const round = (n: number) => Math.round(n * 100) / 100;
const mark = (earned: number, correct: boolean): TMark => ({ earned: round(earned), correct, pending: false });
const ZERO: TMark = { earned: 0, correct: false, pending: false };

const answered = (v: TAnswerValue | null): v is TAnswerValue =>
  v !== null && ((v.choices?.length ?? 0) > 0 || v.bool !== undefined || (v.text ?? '').trim() !== '');

/** The expected number of a numeric question in this attempt (its answer may use the variables). */
export const expectedNumber = (q: Extract<TResolvedQuestion, { type: 'numeric' }>) => evaluateNumber(substitute(q.answer, q.values), q.values);

function numericMark(q: Extract<TResolvedQuestion, { type: 'numeric' }>, v: TAnswerValue): TMark {
  const parsed = parseNumberAnswer(v.text ?? '');
  if (!parsed) return ZERO;
  const expected = expectedNumber(q);
  const allowed = q.toleranceType === 'relative' ? (Math.abs(expected) * q.tolerance) / 100 : q.tolerance;
  const right = Math.abs(parsed.number - expected) <= allowed + 1e-9 * Math.max(1, Math.abs(expected));
  const unit = normalizeUnit(v.unit ?? parsed.unit);
  const units = [q.unit, ...q.unitAliases].filter(Boolean).map(normalizeUnit);
  const unitOk = units.length === 0 || (unit === '' ? !q.unitRequired : units.includes(unit));
  return right && unitOk ? mark(q.points, true) : ZERO;
}

export function scoreQuestion(q: TResolvedQuestion, value: TAnswerValue | null, hasFile = false): TMark {
  if (q.type === 'upload') return hasFile ? { earned: 0, correct: null, pending: true } : ZERO;
  if (!answered(value)) return ZERO;
  switch (q.type) {
    case 'single': {
      if (value.choices?.[0] === q.correct && value.choices.length === 1) return mark(q.points, true);
      return mark(q.negative ? -q.points / Math.max(1, q.options.length - 1) : 0, false);
    }
    case 'truefalse':
      return value.bool === q.correct ? mark(q.points, true) : mark(q.negative ? -q.points : 0, false);
    case 'multiple': {
      const chosen = new Set(value.choices ?? []);
      const correct = new Set(q.correct);
      const right = [...chosen].filter((c) => correct.has(c)).length;
      const wrong = chosen.size - right;
      const exact = wrong === 0 && right === correct.size;
      if (exact) return mark(q.points, true);
      if (!q.partial) return mark(q.negative ? -q.points / Math.max(1, q.options.length - 1) : 0, false);
      const raw = (q.points * (right - wrong)) / correct.size;
      return mark(Math.max(q.negative ? -q.points : 0, Math.min(q.points, raw)), false);
    }
    case 'numeric':
      return numericMark(q, value);
    case 'text': {
      const given = normalizeText(value.text ?? '', q.caseSensitive);
      return q.accepted.some((a) => normalizeText(a, q.caseSensitive) === given) ? mark(q.points, true) : ZERO;
    }
    case 'expression':
      return equivalent(value.text ?? '', substitute(q.answer, q.values), q.symbols) ? mark(q.points, true) : ZERO;
  }
}

/** The correct answer as the result page shows it (after submitting, when the quiz allows it). */
export function correctAnswerText(q: TResolvedQuestion): string {
  switch (q.type) {
    case 'single':
      return q.options.find((o) => o.id === q.correct)?.text ?? '';
    case 'multiple':
      return q.options
        .filter((o) => q.correct.includes(o.id))
        .map((o) => o.text)
        .join(' ; ');
    case 'truefalse':
      return q.correct ? 'true' : 'false';
    case 'numeric':
      return `${Number(expectedNumber(q).toFixed(6))}${q.unit ? ` ${q.unit}` : ''}`;
    case 'text':
      return q.accepted[0] ?? '';
    case 'expression':
      return substitute(q.answer, q.values);
    case 'upload':
      return '';
  }
}

/** A total never goes below zero, whatever the negative marking. */
export function totalOf(marks: TMark[]): { points: number; pending: number } {
  const sum = marks.reduce((s, m) => s + m.earned, 0);
  return { points: round(Math.max(0, sum)), pending: marks.filter((m) => m.pending).length };
}

export const scaled = (points: number, max: number, scaleTo: number) => (max > 0 ? round((points / max) * scaleTo) : 0);
