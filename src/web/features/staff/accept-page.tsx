import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { PasswordField, TextField } from '@web/components/ui/form-field';
import { useErrorText } from '@web/lib/api-errors';
import { fetchSession, signOut, type TSession } from '@web/lib/session';
import { staffApi } from '@web/features/staff/api';

type TPreview = Awaited<ReturnType<typeof staffApi.preview>>;

/** An e-mail address inside an Arabic sentence keeps its own left-to-right order (first strong isolate). */
const isolate = (email: string) => `\u2068${email}\u2069`;
/**
 * The invited e-mail has an account, or another account is signed in here. Another account is signed out first;
 * then the sign-in link, which comes back here (the shared safe-redirect rule, then portal.ts lets any account
 * return to this page) where one button accepts.
 */
function SignInFirst({ token, otherEmail, onSignedOut }: { token: string; otherEmail: string | null; onSignedOut: () => void }) {
  const { t } = useTranslation('staff');
  const [busy, setBusy] = useState(false);
  const signInPath = `/login?${new URLSearchParams({ redirectTo: `/staff/accept?${new URLSearchParams({ token }).toString()}` }).toString()}`;
  if (otherEmail)
    return (
      <>
        <Notice>{t('accept.otherAccount', { email: isolate(otherEmail) })}</Notice>
        <Button
          variant="secondary"
          busy={busy}
          data-testid="staff-accept-switch"
          onClick={() => {
            setBusy(true);
            void signOut().then(onSignedOut);
          }}
        >
          {t('accept.switchAccount')}
        </Button>
      </>
    );
  return (
    <>
      <p className="text-gray-700">{t('accept.haveAccount')}</p>
      <Link className="font-medium text-primary-700 underline" to={signInPath} data-testid="staff-accept-sign-in">
        {t('accept.signIn')}
      </Link>
    </>
  );
}

/**
 * /staff/accept?token=…: the link of a team invitation (issue 28). Signed in with the invited e-mail: one button.
 * Not signed in: a new account for that e-mail, or the way to sign in first when it has one. Public: no Query here.
 */
export function AcceptPage() {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const token = useSearchParams()[0].get('token') ?? '';
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [session, setSession] = useState<TSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    staffApi.preview(token).then(setPreview, (e: unknown) => setError(errorText(e)));
    fetchSession().then(setSession, () => setSession(null));
  }, [token, errorText]);
  const accept = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    try {
      await staffApi.accept(session ? { token } : { token, name, password });
      window.location.assign('/dashboard');
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  const signedInAsInvited = session && preview && session.user.email.toLowerCase() === preview.email;

  return (
    <main className="mx-auto max-w-lg px-4 py-10">
      <Card aria-labelledby="accept-title">
        <h1 id="accept-title" className="mb-3 text-xl font-bold text-gray-900">
          {t('accept.title')}
        </h1>
        {error && <Notice tone="error">{error}</Notice>}
        {!preview && !error && <p className="text-gray-600">{t('accept.loading')}</p>}
        {preview && (
          <div className="space-y-4" data-testid="staff-accept">
            <p className="text-gray-800">{t('accept.intro', { teacher: preview.teacherName, role: t(`roles.${preview.role}`) })}</p>
            <p className="text-sm text-gray-600">{t('accept.forEmail', { email: isolate(preview.email) })}</p>
            {signedInAsInvited ? (
              <>
                <p className="text-sm text-gray-600">{t('accept.signedInAs', { email: isolate(session.user.email) })}</p>
                <Button busy={busy} onClick={() => void accept()} data-testid="staff-accept-button">
                  {t('accept.acceptSignedIn')}
                </Button>
              </>
            ) : session || preview.hasAccount ? (
              <SignInFirst token={token} otherEmail={session?.user.email ?? null} onSignedOut={() => setSession(null)} />
            ) : (
              <form onSubmit={(e) => void accept(e)} className="space-y-3">
                <h2 className="font-bold text-gray-900">{t('accept.newAccount')}</h2>
                <TextField label={t('accept.name')} required value={name} onValueChange={setName} autoComplete="name" data-testid="staff-accept-name" />
                <PasswordField
                  label={t('accept.password')}
                  required
                  minLength={8}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  autoComplete="new-password"
                  toggleLabels={{ show: t('accept.show'), hide: t('accept.hide') }}
                  data-testid="staff-accept-password"
                />
                <Button type="submit" busy={busy} data-testid="staff-accept-create">
                  {t('accept.create')}
                </Button>
              </form>
            )}
          </div>
        )}
      </Card>
    </main>
  );
}
