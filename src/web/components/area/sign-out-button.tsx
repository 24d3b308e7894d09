import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '@web/lib/session';
import { Button } from '@web/components/ui/button';
import { SignOutIcon } from '@web/components/ui/icons';

/** Ends the session, forgets what the browser cached about it, and goes to the portal's login. */
export function SignOutButton({ loginPath }: { loginPath: string }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await signOut();
    await navigate(loginPath, { replace: true });
  };
  return (
    <Button variant="ghost" size="sm" busy={busy} onClick={() => void run()} data-testid="sign-out">
      {!busy && <SignOutIcon className="h-5 w-5" />}
      <span className="sr-only sm:not-sr-only">{t('common.signOut')}</span>
    </Button>
  );
}
