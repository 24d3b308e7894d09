import { useTranslation } from 'react-i18next';
import { PageTitle } from '@web/components/ui/page-heading';
import { TransferSettings } from './transfer-settings';

/** /teacher/transfer-settings: the transfer details on their own page, until the payment settings gather them. */
export function TransferSettingsPage() {
  const { t } = useTranslation('transfers');
  return (
    <div className="space-y-6">
      <PageTitle title={t('settings.pageTitle')} />
      <TransferSettings />
    </div>
  );
}
