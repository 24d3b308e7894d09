import fc from 'fast-check';

/**
 * Random input for fuzz tests, from a seeded generator (mulberry32) so that a failure can be replayed:
 * every failure message carries `FUZZ_SEED=…`; run the test again with that variable to get the same input.
 */
export type TFuzz = {
  /** Put it in assertion messages. */
  seed: string;
  int: (below: number) => number;
  pick: (alphabet: string) => string;
  /** A string of `length` characters drawn from `alphabet` (code points, so surrogate pairs stay whole). */
  string: (alphabet: string, length: number) => string;
};

export function fuzz(): TFuzz {
  const seed = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 32);
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = (alphabet: string) => {
    const chars = [...alphabet];
    return chars[int(chars.length)]!;
  };
  return {
    seed: `FUZZ_SEED=${seed}`,
    int,
    pick,
    string: (alphabet, length) => Array.from({ length }, () => pick(alphabet)).join(''),
  };
}

/*
 * Schema-guided hostile input for R8 (tests/integration/fuzz-json.test.ts): from a JSON Schema made by zod's
 * `z.toJSONSchema`, fast-check builds bodies that are nearly valid (the schema's own field names, valid
 * values for most fields) with hostile values in some: wrong types, limits ±1, NUL, lone surrogates, huge or
 * deeply nested values, prototype keys.
 */
export type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  '\u202e\u0627\u0644\u0639\u0631\u0628\u064a\u0629',
  "'; drop table courses; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  'javascript:alert(1)',
  'https://evil.example/\r\nSet-Cookie: x=1',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30T25:61',
  '-1',
  '1e309',
  'NaN',
];
const HOSTILE_NUMBERS = [-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];

/** A value of no particular shape that a server must survive in any field. */
function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, [], {}, ...HOSTILE_STRINGS, ...HOSTILE_NUMBERS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', minLength: 1_000, maxLength: 5_000 }),
    fc.constant('x'.repeat(200_000)),
    fc.double({ noNaN: true }),
    fc.integer(),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 5 }),
    fc.constant(Array.from({ length: 20_000 }, (_, i) => i)),
    fc.constant(JSON.parse(`${'['.repeat(2_000)}${']'.repeat(2_000)}`) as unknown),
    fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '$where', 'id'), fc.jsonValue(), { maxKeys: 3 }),
  );
}

/**
 * A value the schema accepts, most of the time (patterns and refinements are not followed). `tail`: appended
 * to every free-text string (no format, enum or const), e.g. a lone surrogate that must reach the database.
 */
function validish(schema: TJsonSchema, ids: string[], tail = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => validish(option, ids, tail)));
  if (schema.allOf?.length) return validish(schema.allOf[0]!, ids, tail);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return ids.length ? fc.constantFrom(...ids) : fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (tail) {
        const min = Math.max(1, schema.minLength ?? 1);
        return fc.string({ minLength: min, maxLength: Math.max(min, Math.min((schema.maxLength ?? 30) - tail.length, 30)) }).map((v) => `${v}${tail}`);
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validish(schema.items ?? {}, ids, tail), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return objectOf(schema, ids, 0, tail);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object of the schema's fields; about `hostile` in 10 of them get a hostile value instead. */
function objectOf(schema: TJsonSchema, ids: string[], hostile: number, tail = ''): fc.Arbitrary<unknown> {
  const value = (field: TJsonSchema) =>
    hostile > 0
      ? fc.oneof({ arbitrary: validish(field, ids), weight: 10 - hostile }, { arbitrary: hostileValue(), weight: hostile })
      : validish(field, ids, tail);
  const fields = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, value(field)]));
  return fc.record(fields, { requiredKeys: schema.required?.filter((key) => key in fields) ?? [] });
}

/** A nearly valid body for the schema with hostile values mixed in, or (now and then) no object at all. */
export function hostileBody(schema: TJsonSchema | null, ids: string[]): fc.Arbitrary<unknown> {
  const shaped = schema?.properties ? objectOf(schema, ids, 3) : fc.dictionary(fc.string({ maxLength: 12 }), hostileValue(), { maxKeys: 5 });
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: hostileValue(), weight: 2 });
}

/**
 * A body the schema accepts (as far as validish goes) whose every free-text string ends in a lone surrogate
 * (issue 23: a refund reason "\ud800" broke the audit row's JSON with a 500): such input must be stored or
 * refused, never fail in the database.
 */
export function surrogateBody(schema: TJsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  return fc
    .constantFrom('\ud800', '\udfff', 'a\udc00b', '\ud83d')
    .chain((tail) => (schema.properties ? objectOf(schema, ids, 0, tail) : validish(schema, ids, tail)));
}

/** Query values (already URL-encoded) a server must answer with a 4xx at worst, in any parameter. */
export const HOSTILE_QUERY_VALUES = [
  '',
  '2026-13-45',
  '2026-02-30',
  '0000-00-00',
  '9999-99-99T99:99',
  '-1',
  '0',
  '1e309',
  'NaN',
  '99999999999999999999999',
  '%00',
  '%ED%A0%80',
  '%uD800',
  '%F0%9F',
  '%',
  '%%32',
  '%2e%2e%2f%2e%2e%2f',
  '%3Cscript%3E',
  '%27%20or%201%3D1--',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
];

/** A query string for a schema's parameters: valid-looking values, with hostile ones in some (and repeated keys). */
export function hostileQuery(schema: TJsonSchema | null, ids: string[]): fc.Arbitrary<string> {
  const keys = Object.keys(schema?.properties ?? {});
  const names = keys.length ? fc.constantFrom(...keys) : fc.constantFrom('q', 'page', 'from', 'to', 'status', 'courseId');
  const valid = (key: string) =>
    validish(schema?.properties?.[key] ?? {}, ids).map((v) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  const pair = names.chain((key) =>
    fc.oneof({ arbitrary: valid(key), weight: 1 }, { arbitrary: fc.constantFrom(...HOSTILE_QUERY_VALUES), weight: 2 }).map((value) => `${key}=${value}`),
  );
  return fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&'));
}

/** Bodies that are not JSON, or not the JSON they claim to be. */
export const MALFORMED_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '"just a string"',
  '\ufeff{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true}}',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1'),
];
