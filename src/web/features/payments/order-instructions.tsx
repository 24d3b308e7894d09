import { useTranslation } from 'react-i18next';
import { CopyButton } from '@web/components/ui/copy-button';
import type { TStudentOrder } from './api';
import { useTransferFormat } from './transfer-format';

/** One line of what to pay into: the label, the value kept left-to-right (digits), and its copy button. */
function Line({
  label,
  value,
  testId,
  text = false,
  hint,
}: {
  label: string;
  value: string | null | undefined;
  testId: string;
  text?: boolean;
  hint?: string;
}) {
  const { t } = useTranslation('transfers');
  if (!value) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 py-2 last:border-b-0">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="flex items-center gap-2">
        <span
          dir={text ? 'auto' : 'ltr'}
          className={text ? 'text-base font-semibold text-gray-900' : 'font-mono text-base font-semibold text-gray-900'}
          data-testid={testId}
        >
          {value}
        </span>
        <CopyButton text={value} label={t('instructions.copy', { what: label })} />
      </dd>
      {/* A dl holds only dt/dd groups: the hint is a second description of the same term. */}
      {hint ? <dd className="-mt-1 basis-full text-xs text-gray-600">{hint}</dd> : null}
    </div>
  );
}

/** The teacher's account for the order's method, the exact amount and the reference, each ready to copy. */
export function OrderInstructions({ order }: { order: TStudentOrder }) {
  const { t } = useTranslation('transfers');
  const format = useTransferFormat();
  const i = order.instructions as Partial<Record<'holder' | 'ccpNumber' | 'ccpKey' | 'rip' | 'baridimobNumber' | 'bankName' | 'bankAccount', string | null>>;
  return (
    <dl data-testid="transfer-instructions">
      <Line
        label={t('instructions.amount')}
        value={String(order.amountDzd)}
        testId="order-amount"
        hint={t('instructions.amountHint', { amount: format.price(order.amountDzd) })}
      />
      <Line label={t('instructions.reference')} value={order.reference} testId="order-reference" />
      <Line label={t('instructions.holder')} value={i.holder} testId="pay-holder" text />
      <Line label={t('instructions.ccpNumber')} value={i.ccpNumber} testId="pay-ccp" />
      <Line label={t('instructions.ccpKey')} value={i.ccpKey} testId="pay-ccp-key" />
      <Line label={t('instructions.rip')} value={i.rip} testId="pay-rip" />
      <Line label={t('instructions.baridimobNumber')} value={i.baridimobNumber} testId="pay-baridimob" />
      <Line label={t('instructions.bankName')} value={i.bankName} testId="pay-bank" text />
      <Line label={t('instructions.bankAccount')} value={i.bankAccount} testId="pay-bank-account" />
    </dl>
  );
}
