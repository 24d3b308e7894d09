import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TErrorCode } from '@shared/errors';
import { ApiError } from '@web/lib/api-error';
import { applyFieldErrors, errorMessage } from '@web/lib/form-errors';

type TAuthFormOptions<TValues extends FieldValues, TSubmitted extends FieldValues> = {
  /** A `lazyZodResolver` made at module level (docs/decisions/005-initial-bundle.md). */
  resolver: Resolver<TValues, unknown, TSubmitted>;
  defaultValues: NoInfer<DefaultValues<TValues>>;
  /** The fields the server may name in its answer: its message for them shows under them as well. */
  serverFields?: ReadonlyArray<NoInfer<Path<TValues>>>;
  /** Error codes that are about one field (EMAIL_TAKEN is the e-mail's): the message shows under it as well. */
  codeFields?: Partial<Record<TErrorCode, NoInfer<Path<TValues>>>>;
  /** The error box's message when the server said nothing usable (an `errors:codes.*` key). */
  fallbackKey?: string;
};

/**
 * react-hook-form as every auth screen uses it: validated on leaving a field, and a submit whose failure
 * fills the error box above the form and puts the server's per-field messages under their fields.
 */
export function useAuthForm<TValues extends FieldValues, TSubmitted extends FieldValues>({
  resolver,
  defaultValues,
  serverFields = [],
  codeFields = {},
  fallbackKey,
}: TAuthFormOptions<TValues, TSubmitted>) {
  const { t } = useTranslation('auth');
  const form = useForm<TValues, unknown, TSubmitted>({ resolver, defaultValues, mode: 'onTouched' });
  const [serverError, setServerError] = useState<string | null>(null);
  const { handleSubmit, setError } = form;

  function showFailure(error: unknown) {
    const field = error instanceof ApiError ? codeFields[error.code as TErrorCode] : undefined;
    if (field && error instanceof ApiError) setError(field, { type: 'server', message: error.message });
    applyFieldErrors(error, setError, serverFields);
    setServerError(errorMessage(error, t, fallbackKey));
  }

  /**
   * The form's submit handler: clears the error box, sends the valid values, and on failure lets the screen
   * react first (`onFailure`) before the messages are shown.
   */
  function submit(
    send: (values: TSubmitted) => Promise<void>,
    onFailure?: (error: unknown, values: TSubmitted) => void,
  ): (event?: BaseSyntheticEvent) => Promise<void> {
    return handleSubmit(async (values) => {
      setServerError(null);
      try {
        await send(values);
      } catch (error) {
        onFailure?.(error, values);
        showFailure(error);
      }
    });
  }

  return { ...form, serverError, submit };
}
