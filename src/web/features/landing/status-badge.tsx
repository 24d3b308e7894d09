import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';

export function StatusBadge({ published, main }: { published: boolean; main: boolean }) {
  const { t } = useTranslation('landing');
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={published ? 'green' : 'gray'} testId="status-published">
        {published ? t('list.published') : t('list.draft')}
      </Badge>
      {main && (
        <Badge tone="blue" testId="status-main">
          {t('list.main')}
        </Badge>
      )}
    </span>
  );
}
