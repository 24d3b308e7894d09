import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@web/lib/api-errors';
import { ApiError } from '@web/lib/api-error';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { notify } from '@web/lib/notify';
import { codesApi } from '@web/features/codes/api';
import { courseKeys } from '@web/lib/course-queries';

type TSale = { from: number; to: number } | { codeIds: string[] };

/** Marks cards sold in bulk (decision 055), then says how many were sold and how many could not be. */
export function useBulkSale(batchId: string, onDone?: () => void) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (sale: TSale) => codesApi.markSoldMany(batchId, sale),
    onSuccess: (r) => {
      notify.success([t('sale.sold', { count: r.sold }), r.skipped > 0 ? t('sale.skipped', { count: r.skipped }) : ''].filter(Boolean).join(' · '));
      onDone?.();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && Object.keys(error.fields).length > 0)) notify.error(errorText(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

/** A stack of cards handed over at once: "cards 1 to 50 sold". */
export function SaleByRange({ batchId, size }: { batchId: string; size: number }) {
  const { t } = useTranslation('courses');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const sale = useBulkSale(batchId, () => {
    setFrom('');
    setTo('');
  });
  const fields = sale.error instanceof ApiError ? sale.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    sale.mutate({ from: Number(from), to: Number(to) });
  };
  return (
    <form onSubmit={submit} className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" data-testid="sale-range" noValidate>
      <p className="font-bold text-gray-900">{t('sale.rangeTitle')}</p>
      <p className="text-xs text-gray-600">{t('sale.rangeHelp')}</p>
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          id="sale-from"
          type="number"
          inputMode="numeric"
          min={1}
          max={size}
          label={t('sale.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={fields.from}
          className="w-28"
        />
        <TextField
          id="sale-to"
          type="number"
          inputMode="numeric"
          min={1}
          max={size}
          label={t('sale.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={fields.to}
          className="w-28"
        />
        <Button type="submit" variant="secondary" className="mt-6" busy={sale.isPending} disabled={!from || !to} data-testid="sale-range-submit">
          {t('sale.markRange')}
        </Button>
      </div>
    </form>
  );
}
