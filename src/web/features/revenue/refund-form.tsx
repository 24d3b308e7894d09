import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { errorMessage } from '@web/lib/form-errors';
import { notify } from '@web/lib/notify';
import { revenueApi, revenueKeys, type TEntry } from './api';

/** Records a refund of one payment: a new negative row (decision 096); the payment itself never changes. */
export function RefundForm({ entry, onClose }: { entry: TEntry; onClose: () => void }) {
  const { t } = useTranslation('revenue');
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(String(entry.amountDzd));
  const [reason, setReason] = useState('');
  const refund = useMutation({
    mutationFn: () => revenueApi.refund(entry.id, { amountDzd: Number(amount), reason }),
    onSuccess: async () => {
      notify.success(t('page.refundDone'));
      await queryClient.invalidateQueries({ queryKey: revenueKeys.all });
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error, t)),
  });
  return (
    <form
      className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4"
      data-testid="refund-form"
      onSubmit={(e) => {
        e.preventDefault();
        refund.mutate();
      }}
    >
      <p className="font-bold text-gray-900">{t('page.refundTitle')}</p>
      <p className="text-sm text-gray-700">{t('page.refundHelp')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="refund-amount"
          label={t('page.refundAmount')}
          type="number"
          inputMode="numeric"
          min={1}
          max={entry.amountDzd}
          required
          value={amount}
          onValueChange={setAmount}
        />
        <TextField id="refund-reason" label={t('page.refundReason')} required maxLength={500} value={reason} onValueChange={setReason} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="danger" busy={refund.isPending} data-testid="refund-confirm">
          {t('page.refundConfirm')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('page.cancel')}
        </Button>
      </div>
    </form>
  );
}
