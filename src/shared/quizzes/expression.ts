import { parse, type MathNode } from 'mathjs';
import { latinDigits } from './normalize';

/*
 * Maths expressions checked for equivalence (decision 163), the way Open edX grades formulas: both expressions are
 * evaluated at random points of their variables and must agree at every point (relative tolerance 1e-6). Input
 * is math.js syntax (implicit products work: 2(x+1), 2x) or the simple LaTeX a maths keyboard sends. Only
 * numbers, the allowed letters, + - * / ^, parentheses and a short list of functions are accepted.
 */

const FUNCTIONS = new Set(['sin', 'cos', 'tan', 'sqrt', 'exp', 'log', 'ln', 'abs', 'cbrt']);
const CONSTANTS = new Set(['pi', 'e']);
const OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus']);
const MAX_LENGTH = 500;
const SAMPLES = 8;

/** The LaTeX a maths keyboard sends for school algebra, as math.js syntax. */
export function latexToMath(input: string): string {
  let s = input;
  for (let i = 0; i < 5 && /\\(d|t)?frac|\\sqrt/.test(s); i++) {
    s = s.replace(/\\(?:d|t)?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '(($1)/($2))').replace(/\\sqrt\s*\{([^{}]*)\}/g, 'sqrt($1)');
  }
  return s
    .replace(/\\left|\\right/g, '')
    .replace(/\\cdot|\\times/g, '*')
    .replace(/\\div/g, '/')
    .replace(/\\pi/g, 'pi')
    .replace(/\\(sin|cos|tan|exp|ln|log)/g, '$1')
    .replace(/\\[,;!: ]/g, ' ')
    .replace(/[{]/g, '(')
    .replace(/[}]/g, ')');
}

function allowed(node: MathNode, symbols: ReadonlySet<string>): boolean {
  let ok = true;
  node.traverse((n, _path, parent) => {
    if (!ok) return;
    if (n.type === 'ConstantNode') ok = typeof (n as unknown as { value: unknown }).value === 'number';
    else if (n.type === 'SymbolNode') {
      const name = (n as unknown as { name: string }).name;
      const isFunctionName = parent?.type === 'FunctionNode' && (parent as unknown as { fn: MathNode }).fn === n;
      ok = isFunctionName ? FUNCTIONS.has(name) : symbols.has(name) || CONSTANTS.has(name);
    } else if (n.type === 'OperatorNode') ok = OPERATORS.has((n as unknown as { fn: string }).fn);
    else if (n.type === 'FunctionNode') ok = FUNCTIONS.has((n as unknown as { fn: { name?: string } }).fn.name ?? '');
    else ok = n.type === 'ParenthesisNode';
  });
  return ok;
}

/** A checked, compiled expression, or null when it is not one (syntax, a letter or function not allowed). */
export function compileExpression(input: string, symbols: readonly string[]): ((scope: Record<string, number>) => number) | null {
  const text = latexToMath(latinDigits(input).replace(/٫/g, '.').replace(/[×·]/g, '*').replace(/÷/g, '/').replace(/−/g, '-')).trim();
  if (!text || text.length > MAX_LENGTH) return null;
  let node: MathNode;
  try {
    node = parse(text);
  } catch {
    return null;
  }
  if (!allowed(node, new Set(symbols))) return null;
  const code = node.compile();
  return (scope) => {
    try {
      const value: unknown = code.evaluate({ ...scope, ln: Math.log, log: Math.log });
      return typeof value === 'number' ? value : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Whether `given` equals `expected` for every value of the symbols: sampled at 8 points in [0.5, 3.5] drawn from a
 * fixed sequence (the same answer always gets the same verdict); points where the expected value is not a finite real
 * number are skipped, and at least 4 must remain.
 */
export function equivalent(given: string, expected: string, symbols: readonly string[]): boolean {
  const f = compileExpression(given, symbols);
  const g = compileExpression(expected, symbols);
  if (!f || !g) return false;
  let checked = 0;
  for (let i = 0; i < SAMPLES * 3 && checked < SAMPLES; i++) {
    const scope: Record<string, number> = {};
    symbols.forEach((s, j) => (scope[s] = 0.5 + 3 * frac(Math.sin((i + 1) * 12.9898 + (j + 1) * 78.233) * 43758.5453)));
    const want = g(scope);
    if (!Number.isFinite(want)) continue;
    const got = f(scope);
    if (!Number.isFinite(got) || !close(got, want)) return false;
    checked += 1;
  }
  return checked >= SAMPLES / 2;
}

const frac = (x: number) => x - Math.floor(x);

/** The value of a number or an expression of the attempt's variables (a numeric question's answer). */
export function evaluateNumber(expression: string, values: Record<string, number>): number {
  const f = compileExpression(expression, Object.keys(values));
  return f ? f(values) : Number.NaN;
}
