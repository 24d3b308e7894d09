import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { toLanguage } from '@shared/i18n';
import { AppError } from './errors';
import { fieldMessage } from './i18n';

/**
 * zod-validator's default 400 hides the issues inside a string; this reports them per field, translated
 * into the request's language, under our single error shape.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result, c) => {
    const lng = toLanguage(c.get('language'));
    if (result.success) {
      wellFormed(result.data);
      const at = controlCharacterAt(result.data);
      if (at !== null) throw new AppError('VALIDATION_FAILED', { [at || '_']: fieldMessage(lng, 'fields.controlCharacter') });
      return;
    }
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= fieldMessage(lng, issue.message);
    }
    throw new AppError('VALIDATION_FAILED', fields);
  });
}

/**
 * Where a NUL (U+0000) hides in parsed input, as a dotted path, or null. PostgreSQL stores no NUL in text or
 * jsonb, so such input is refused here, by field, instead of failing in the database.
 */
function controlCharacterAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterAt(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Lone surrogates (a "\ud800" in JSON, issue 23) are valid in a JavaScript string but not in UTF-8: PostgreSQL
 * refuses them in jsonb (an audit row's details) and text, and the request then failed with a 500. Every string of
 * validated input is made well-formed here, in place, once for every route: a lone surrogate becomes U+FFFD, as a
 * UTF-8 decoder would have made it.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const fixed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

function wellFormed(value: unknown): void {
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    const name = fixed(key);
    if (name !== key) delete record[key];
    if (typeof item === 'string') record[name] = fixed(item);
    else {
      if (name !== key) record[name] = item;
      wellFormed(item);
    }
  }
}
