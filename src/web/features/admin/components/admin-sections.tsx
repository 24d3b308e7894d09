import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const SECTIONS = [
  { key: 'teachers', to: '/admin/dashboard/teachers' },
  { key: 'inbox', to: '/admin/dashboard/inbox' },
  { key: 'teacherFeedback', to: '/admin/dashboard/teacher-feedback' },
  { key: 'admins', to: '/admin/dashboard/admins' },
  { key: 'audit', to: '/admin/dashboard/audit' },
  { key: 'planPayments', to: '/admin/dashboard/plan-payments' },
  { key: 'analytics', to: '/admin/dashboard/analytics' },
] as const;

/** The admin area's sections, placed in the layout's navigation after "Dashboard". */
export function AdminSections({ className }: { className: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {SECTIONS.map((s) => (
        <NavLink key={s.key} to={s.to} className={className}>
          {t(`nav.${s.key}`)}
        </NavLink>
      ))}
    </>
  );
}
