import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { isolate } from '@web/lib/format';
import { Notice } from '@web/components/ui/notice';
import { resendVerification } from '@web/lib/session';
import { errorMessage } from '@web/lib/form-errors';

type TState = { kind: 'idle' | 'sending' | 'sent' | 'verified' } | { kind: 'failed'; message: string };

/**
 * "Send the confirmation e-mail again" for the signed-in user. The server limits it (3 an hour) and says
 * so; a mail server that is down gets its own message rather than a false "sent".
 */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<TState>({ kind: 'idle' });

  async function send() {
    setState({ kind: 'sending' });
    try {
      const result = await resendVerification();
      setState({ kind: result.alreadyVerified ? 'verified' : 'sent' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, t, 'errors:codes.MAIL_SEND_FAILED') });
    }
  }

  return (
    <div className="flex flex-col items-start gap-3" data-testid="resend-verification">
      {state.kind !== 'sent' && state.kind !== 'verified' && (
        <Button variant="secondary" size="sm" busy={state.kind === 'sending'} onClick={() => void send()}>
          {state.kind === 'sending' ? t('verify.resend.sending') : t('verify.resend.button')}
        </Button>
      )}
      {state.kind === 'sent' && (
        <Notice tone="success" className="w-full" testId="resend-verification-sent">
          {t('verify.resend.sent', { email: isolate(email) })}
        </Notice>
      )}
      {state.kind === 'verified' && (
        <Notice tone="success" className="w-full" testId="resend-verification-sent">
          {t('verify.resend.already')}
        </Notice>
      )}
      {state.kind === 'failed' && (
        <Notice tone="error" className="w-full" testId="resend-verification-error">
          {state.message}
        </Notice>
      )}
    </div>
  );
}

/** The dashboards' reminder while the signed-in user's address is not confirmed. */
export function VerifyEmailReminder({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation('auth');
  if (verified) return null;
  return (
    <section aria-labelledby="verify-reminder-title" data-testid="verify-reminder" className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="verify-reminder-title" className="font-bold text-amber-900">
        {t('verify.reminder.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-amber-900">{t('verify.reminder.body', { email: isolate(email) })}</p>
      <ResendVerification email={email} />
    </section>
  );
}
