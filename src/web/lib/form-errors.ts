import type { TFunction } from 'i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@web/lib/api-error';

/**
 * What the error box shows: the server's message (already translated), the network message, or the
 * screen's own fallback when the server said nothing usable.
 */
export function errorMessage(error: unknown, t: TFunction, fallbackKey = 'errors:codes.INTERNAL'): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return t('errors:codes.NETWORK');
    if (error.message) return error.message;
  }
  return t(fallbackKey);
}

/** Puts the server's per-field messages (already translated) on the form's own fields. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: ReadonlyArray<Path<T>>) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fields.find((f) => f === name);
    if (field) setError(field, { type: 'server', message });
  }
}

/**
 * A field's message: the schemas' messages are keys of the `errors` namespace (fields.required,
 * subdomain.chars…), the server's are already translated.
 */
export function fieldMessage(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === 'server') return error.message;
  return t(error.message, { ns: 'errors', defaultValue: error.message });
}
