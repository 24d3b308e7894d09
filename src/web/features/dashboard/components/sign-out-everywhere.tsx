import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { SignOutIcon } from '@web/components/ui/icons';
import { signOutEverywhere } from '@web/lib/session';
import { notify } from '@web/lib/notify';
import { clearLocalAuthState } from '@web/lib/auth-state';

/** Ends every session of the account, this one included, after a confirmation. */
export function SignOutEverywhere() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
    } catch (error) {
      setBusy(false);
      notify.error(errorText(error));
      return;
    }
    clearLocalAuthState();
    await navigate('/login', { replace: true });
  };
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={buttonClass('danger')} data-testid="sign-out-everywhere">
        <SignOutIcon className="h-5 w-5" />
        {t('settings.sessions.button')}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-gray-900">{t('settings.sessions.confirmTitle')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">{t('settings.sessions.confirmBody')}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={busy}>
              {t('common.cancel')}
            </AlertDialog.Cancel>
            <Button variant="danger" busy={busy} onClick={() => void run()} data-testid="confirm-sign-out-everywhere">
              {t('settings.sessions.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
