import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { fetchSession } from '@web/lib/session';
import { hostPlatform } from '@web/lib/host-platform';
import { keepCardLink } from './stored-link';

export const CARD_REDEEM_PATH = '/student/dashboard/redeem';

/**
 * What a card's QR code opens on the teacher's platform (`/redeem#token`, decision 106): the token is kept
 * on the device and dropped from the address bar, then a signed-in student of this platform goes straight
 * to the one tap that redeems; anyone else signs in or registers first and comes back there.
 */
export function CardLinkPage() {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  // Kept on first render (idempotent), before the fragment is dropped from the address bar below.
  const [kept] = useState(() => keepCardLink(window.location.hash.slice(1)));
  const [needsAccount, setNeedsAccount] = useState(false);
  const state = !kept ? 'invalid' : needsAccount ? 'account' : 'checking';
  useEffect(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!kept) return;
    const platform = hostPlatform();
    void fetchSession()
      .catch(() => null)
      .then((session) => {
        if (session?.student?.platforms.some((p) => p.subdomain === platform)) void navigate(CARD_REDEEM_PATH, { replace: true });
        else setNeedsAccount(true);
      });
  }, [kept, navigate]);
  const back = `?redirectTo=${encodeURIComponent(CARD_REDEEM_PATH)}`;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <meta name="referrer" content="no-referrer" />
      <Card aria-labelledby="card-link-title" data-testid="card-link">
        <CardHeader id="card-link-title" title={t('cardLink.title')} description={t('cardLink.description')} />
        {state === 'invalid' ? (
          <Notice tone="error" testId="card-link-invalid">
            {t('cardLink.invalid')}
          </Notice>
        ) : null}
        {state === 'account' ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-gray-700">{t('cardLink.account')}</p>
            <Link to={`/student/register${back}`} className={buttonClass('primary')} data-testid="card-link-register">
              {t('cardLink.register')}
            </Link>
            <Link to={`/login${back}`} className={buttonClass('secondary')} data-testid="card-link-login">
              {t('cardLink.login')}
            </Link>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
