import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';

/** Activation codes waiting for the teacher's confirmation (issue 22), with the way to them. */
export function CodesWaitingNotice({ count }: { count: number }) {
  const { t } = useTranslation('dashboard');
  if (count === 0) return null;
  return (
    <Notice tone="info" testId="overview-codes-waiting">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('overview.codesWaiting.text', { count })}</span>
        <Link to="/teacher/codes" className={buttonClass('secondary', 'sm')}>
          {t('overview.codesWaiting.open')}
        </Link>
      </span>
    </Notice>
  );
}
