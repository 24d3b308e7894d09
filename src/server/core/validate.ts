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
    if (result.success) return;
    const lng = toLanguage(c.get('language'));
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] ??= fieldMessage(lng, issue.message);
    }
    throw new AppError('VALIDATION_FAILED', fields);
  });
}
