import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@web/components/area/session';

/** Issue 28: a staff member always sees whose platform they work on, in which role, and the way to another one. */
export function StaffBanner() {
  const { t } = useTranslation('staff');
  const session = useSession();
  if (!session.teacher) return null;
  // A teacher who is also on another team: only the way to switch.
  if (!session.staff)
    return session.staffPlatforms > 0 ? (
      <div className="border-b border-gray-200 bg-white px-3 py-1.5 text-sm sm:px-6">
        <Link to="/dashboard/platforms" className="text-primary-700 underline" data-testid="staff-switch">
          {t('banner.switch')}
        </Link>
      </div>
    ) : null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-primary-100 bg-primary-50 px-3 py-2 text-sm sm:px-6" data-testid="staff-banner">
      <p className="font-medium text-primary-900">{t('banner.workingOn', { teacher: session.teacher.name, role: t(`roles.${session.staff.role}`) })}</p>
      <Link to="/dashboard/platforms" className="text-primary-700 underline" data-testid="staff-switch">
        {t('banner.switch')}
      </Link>
    </div>
  );
}
