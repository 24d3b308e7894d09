import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LINK } from './fields';
import { platformProfile, type TPlatformProfile } from '@web/features/auth/api';

/** The teacher's profile for a platform's sign-in screens; null while loading or when it cannot be read. */
export function usePlatformProfile(subdomain: string | null): { profile: TPlatformProfile | null; loading: boolean } {
  const [state, setState] = useState<{ for: string | null; profile: TPlatformProfile | null }>({ for: null, profile: null });
  useEffect(() => {
    if (!subdomain) return;
    let live = true;
    platformProfile(subdomain)
      .then((profile) => live && setState({ for: subdomain, profile }))
      .catch(() => live && setState({ for: subdomain, profile: null }));
    return () => {
      live = false;
    };
  }, [subdomain]);
  return { profile: state.for === subdomain ? state.profile : null, loading: Boolean(subdomain) && state.for !== subdomain };
}

/**
 * The teacher's photo (or initial) and name, in the colours of their page, above a platform's sign-in and
 * registration forms: the student sees whose platform this is, not only Darsi's brand.
 */
export function PlatformBrand({ profile }: { profile: TPlatformProfile }) {
  const { t } = useTranslation('auth');
  const primary = profile.colors?.primary;
  return (
    <div
      data-testid="platform-brand"
      className="mb-5 flex items-center gap-3 rounded-xl border-s-4 border-primary-600 bg-gray-50 p-3"
      style={primary ? { borderInlineStartColor: primary } : undefined}
    >
      {profile.photo ? (
        <img
          src={profile.photo}
          alt={t('platform.photoAlt', { name: profile.name })}
          className="h-12 w-12 shrink-0 rounded-full object-cover"
          data-testid="platform-photo"
        />
      ) : (
        <span
          aria-hidden
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary-600 text-lg font-bold text-white"
          style={primary ? { backgroundColor: primary } : undefined}
        >
          {profile.name.slice(0, 1)}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-xs text-gray-600">{t('platform.teacherPlatform')}</p>
        <p className="truncate text-lg font-bold text-gray-900" data-testid="platform-teacher-name">
          {profile.name}
        </p>
      </div>
    </div>
  );
}

/**
 * A paused or suspended platform: no new students, and an honest word to those it already has: what they
 * paid for stays theirs (their subscriptions keep running), they only need to sign in.
 */
export function PlatformClosed() {
  const { t } = useTranslation('auth');
  return (
    <div
      role="status"
      data-testid="platform-closed"
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-900"
    >
      <p className="font-bold">{t('platform.closedTitle')}</p>
      <p>{t('platform.closedBody')}</p>
      {/* The platform's own sign-in is closed too; the main student area still holds their courses. */}
      <Link to="/student/login" className={LINK} data-testid="platform-closed-login">
        {t('platform.closedLogin')}
      </Link>
    </div>
  );
}
