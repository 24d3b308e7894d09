import type { DefaultValues, FieldValues, Path, Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { forgetCachedSession } from '@web/lib/auth-state';
import { useAuthForm } from './use-auth-form';

/**
 * `useAuthForm` as every sign-up screen (student, teacher, admin) uses it: the server may name any of the form's
 * fields, a taken e-mail is the e-mail field's error, and a failure it does not explain says the account could not
 * be created. `signedUp` ends a sign-up that worked: the cached "signed out" answer is dropped, so that the new
 * account's area sees its session, and that area replaces the form in the history.
 */
export function useRegisterForm<TValues extends FieldValues & { email: string }, TSubmitted extends FieldValues>(
  resolver: Resolver<TValues, unknown, TSubmitted>,
  defaultValues: NoInfer<DefaultValues<TValues>>,
) {
  const navigate = useNavigate();
  const form = useAuthForm({
    resolver,
    defaultValues,
    serverFields: Object.keys(defaultValues) as Array<Path<TValues>>,
    codeFields: { EMAIL_TAKEN: 'email' as Path<TValues> },
    fallbackKey: 'errors:codes.ACCOUNT_CREATE_FAILED',
  });
  async function signedUp(redirectTo: string) {
    forgetCachedSession();
    await navigate(redirectTo, { replace: true });
  }
  return { ...form, signedUp };
}
