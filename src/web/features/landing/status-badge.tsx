import { useTranslation } from 'react-i18next';
import { cx } from '@web/lib/cx';

export function StatusBadge({ published, main }: { published: boolean; main: boolean }) {
  const { t } = useTranslation('landing');
  return (
    <span className="flex flex-wrap gap-1">
      <span data-testid="status-published" className={cx('rounded-full px-2.5 py-0.5 text-xs font-bold', published ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700')}>
        {published ? t('list.published') : t('list.draft')}
      </span>
      {main && <span className="rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-bold text-primary-800" data-testid="status-main">{t('list.main')}</span>}
    </span>
  );
}
