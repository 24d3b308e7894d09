import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The app's name as a link to the area's home, with the area named under it. */
export function Brand({ to, area }: { to: string; area: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex min-w-0 flex-col rounded-lg leading-tight focus-visible:outline-2 focus-visible:outline-primary-500">
      <span className="text-xl font-extrabold text-primary-700">{t('app.name')}</span>
      <span className="truncate text-xs text-gray-500">{area}</span>
    </Link>
  );
}
