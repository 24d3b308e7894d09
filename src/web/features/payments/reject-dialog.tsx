import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-error';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { paymentKeys, transfersApi } from './api';

/** Rejecting asks for the reason the student will read (and can act on: "wrong amount", "not our account"). */
export function RejectDialog({ receiptId, reference }: { receiptId: string; reference: string }) {
  const { t } = useTranslation('transfers');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: () => transfersApi.reject(receiptId, reason),
    onSuccess: async () => {
      notify.success(t('inbox.rejected', { reference }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const fieldError = reject.error instanceof ApiError ? reject.error.fields.reason : undefined;
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={buttonClass('danger', 'sm')} data-testid="receipt-reject">
        {t('inbox.reject')}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
        <AlertDialog.Content
          data-testid="reject-dialog"
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-gray-900">{t('inbox.rejectTitle', { reference })}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">{t('inbox.rejectBody')}</AlertDialog.Description>
          <TextAreaField
            className="mt-4"
            label={t('inbox.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            error={fieldError}
            data-testid="reject-reason"
          />
          {reject.isError && !fieldError ? (
            <Notice tone="error" className="mt-3">
              {errorText(reject.error)}
            </Notice>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={reject.isPending}>
              {t('inbox.cancel')}
            </AlertDialog.Cancel>
            <Button variant="danger" busy={reject.isPending} onClick={() => reject.mutate()} data-testid="reject-confirm">
              {t('inbox.rejectConfirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
