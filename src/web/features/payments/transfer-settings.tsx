import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { CheckboxField, TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { paymentKeys, transferSettingsQuery, transfersApi, type TTransferSettingsView } from './api';

const FIELDS = ['ccpHolder', 'ccpNumber', 'ccpKey', 'rip', 'baridimobNumber', 'bankName', 'bankHolder', 'bankAccount'] as const;
type TField = (typeof FIELDS)[number];
/** Account numbers and phone numbers are read left to right in every language. */
const LTR: ReadonlySet<TField> = new Set(['ccpNumber', 'ccpKey', 'rip', 'baridimobNumber', 'bankAccount']);
const GROUPS: Array<{ key: string; fields: TField[] }> = [
  { key: 'ccp', fields: ['ccpHolder', 'ccpNumber', 'ccpKey', 'rip', 'baridimobNumber'] },
  { key: 'bank', fields: ['bankHolder', 'bankName', 'bankAccount'] },
];

function TransferForm({ saved }: { saved: TTransferSettingsView }) {
  const { t } = useTranslation('transfers');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<TField, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, saved[f] ?? ''])) as Record<TField, string>);
  const [enabled, setEnabled] = useState(saved.transferEnabled);
  const save = useMutation({
    mutationFn: () => transfersApi.saveSettings({ transferEnabled: enabled, ...values }),
    onSuccess: async () => {
      notify.success(t('settings.saved'));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-5" data-testid="transfer-settings">
      {GROUPS.map((group) => (
        <fieldset key={group.key} className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-gray-900">{t(`settings.groups.${group.key}`)}</legend>
          {group.fields.map((f) => (
            <TextField
              key={f}
              id={`transfer-${f}`}
              label={t(`settings.fields.${f}`)}
              hint={t(`settings.hints.${f}`, { defaultValue: '' }) || undefined}
              value={values[f]}
              onValueChange={(v) => setValues((old) => ({ ...old, [f]: v }))}
              error={fields[f]}
              dir={LTR.has(f) ? 'ltr' : undefined}
              inputMode={LTR.has(f) ? 'numeric' : undefined}
              autoComplete="off"
            />
          ))}
        </fieldset>
      ))}
      <CheckboxField label={t('settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} data-testid="transfer-enabled" />
      {fields.transferEnabled ? <Notice tone="error">{fields.transferEnabled}</Notice> : null}
      {save.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{errorText(save.error)}</Notice> : null}
      {saved.transferEnabled && saved.methods.length > 0 ? (
        <Notice>{t('settings.offered', { methods: saved.methods.map((m) => t(`methods.${m}`)).join('، ') })}</Notice>
      ) : null}
      <Button type="submit" busy={save.isPending} data-testid="transfer-save">
        {t('settings.save')}
      </Button>
    </form>
  );
}

/** The teacher's transfer details: what students see on their transfer instructions. */
export function TransferSettings() {
  const { t } = useTranslation('transfers');
  const query = useQuery(transferSettingsQuery);
  return (
    <Card aria-labelledby="transfer-settings-title">
      <CardHeader id="transfer-settings-title" title={t('settings.title')} description={t('settings.description')} />
      {query.isPending ? <LoadingBlock /> : null}
      {query.isError ? <QueryError query={query} /> : null}
      {query.data ? <TransferForm saved={query.data} /> : null}
    </Card>
  );
}
