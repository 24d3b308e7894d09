import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@web/lib/api-error';

/**
 * The text to show for a failed call: the server's own (translated) message, or ours for a network failure.
 * The function is stable (it changes only with the language): callers put it in effect and callback
 * dependencies, and a new function on every render re-ran the lesson player's heartbeat effect (issue 24.2).
 */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError && error.code !== 'NETWORK' && error.message) return error.message;
      if (error instanceof ApiError && error.code === 'NETWORK') return t('errors:codes.NETWORK');
      return t('errors:codes.INTERNAL');
    },
    [t],
  );
}

/**
 * Puts the server's per-field messages under their fields. Returns true when at least one of them
 * belongs to this form, so the caller need not repeat it in a general message.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: ReadonlyArray<Path<T>>): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = names.find((n) => n === field);
    if (name) {
      setError(name, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}

/**
 * A field error comes either from the zod schemas (a translation key such as `fields.required` in the
 * `errors` namespace, or a `dashboard:` key) or from the server (type "server", already translated).
 */
export function useFieldErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error?: FieldError) => {
      if (!error?.message) return undefined;
      return error.type === 'server' ? error.message : t(error.message, { ns: 'errors' });
    },
    [t],
  );
}
