import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '@web/components/ui/card';
import { WalletIcon } from '@web/components/ui/icons';
import { CardSettings } from './card-settings';
import { TransferSettings } from './transfer-settings';

/**
 * The Payments section of the teacher's settings (issue 13): card payments through the teacher's own Chargily
 * account, and the transfer details (CCP, BaridiMob, bank) students pay into. The settings page (dashboard
 * feature) receives it from the app's routes, as features do not import one another.
 */
export function PaymentSettings() {
  const { t } = useTranslation('payments');
  return (
    <>
      <Card id="payments" aria-labelledby="payments-title" className="scroll-mt-20" data-testid="payment-settings">
        <CardHeader id="payments-title" title={t('settings.title')} description={t('settings.description')} icon={<WalletIcon />} />
        <div className="space-y-8">
          <CardSettings />
        </div>
      </Card>
      <TransferSettings />
    </>
  );
}
