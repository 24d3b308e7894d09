import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@web/lib/form-errors';
import { unlockAccount } from './api';
import { AuthCard, AuthFooterLink } from './components/auth-card';
import { ErrorBox, SubmitButton, SuccessBox } from './components/fields';

/**
 * Opened from the e-mail sent when wrong passwords locked the account (decision 110). Opening the page does
 * nothing (mail scanners open links): the owner presses the button, which ends the lock and lets this
 * device sign in.
 */
export function UnlockAccountPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const tokenLooksValid = token.length >= 8 && token.length <= 1024;

  async function unlock() {
    setState('busy');
    setError(null);
    try {
      await unlockAccount({ token });
      setState('done');
    } catch (failure) {
      setError(errorMessage(failure, t));
      setState('idle');
    }
  }

  let body;
  if (state === 'done') {
    body = (
      <div className="flex flex-col gap-4">
        <SuccessBox testId="unlock-done">{t('unlock.done')}</SuccessBox>
        <Link to="/login" className="rounded-lg bg-primary-600 px-4 py-2.5 text-center font-medium text-white hover:bg-primary-700">
          {t('reset.login')}
        </Link>
      </div>
    );
  } else if (!tokenLooksValid) {
    body = <ErrorBox message={t('unlock.missingToken')} />;
  } else {
    body = (
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void unlock();
        }}
      >
        <ErrorBox message={error} />
        <SubmitButton busy={state === 'busy'} label={t('unlock.submit')} busyLabel={t('common.working')} />
      </form>
    );
  }

  return (
    <AuthCard
      title={t('unlock.title')}
      subtitle={t('unlock.subtitle')}
      testId="unlock-account"
      footer={<AuthFooterLink to="/login" label={t('forgot.backToLogin')} />}
    >
      {body}
    </AuthCard>
  );
}
