import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCardSettingsInput, type TCardSettingsInput, type TChargilyMode } from '@shared/schemas/payments';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { Skeleton } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { cardSettingsQuery, checkCardConnection, useSaveCardSettings, type TCardSettings } from './api';
import { TestBadge } from './test-badge';

/** Asks Chargily whether the saved key for a mode works, and says so in a toast. */
function useConnectionCheck() {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (m: TChargilyMode) => checkCardConnection(m),
    onSuccess: (r) => notify.success(t('settings.card.checkOk', { mode: t(`settings.card.modes.${r.mode}`) })),
    onError: (error) => notify.error(errorText(error)),
  });
}

/** The teacher's Chargily account: mode, the two secret keys (write-only), on/off, and a connection check. */
function CardForm({ stored }: { stored: TCardSettings }) {
  const { t } = useTranslation('payments');
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const save = useSaveCardSettings();
  const form = useForm<TCardSettingsInput>({
    resolver: zodResolver(ZCardSettingsInput) as never,
    defaultValues: { mode: stored.mode, enabled: stored.enabled, testKey: '', liveKey: '' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const check = useConnectionCheck();
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ mode: saved.mode, enabled: saved.enabled, testKey: '', liveKey: '' });
        notify.success(t('settings.card.saved'));
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['testKey', 'liveKey'])) form.setError('root.server', { type: 'server', message: errorText(error) });
      },
    }),
  );
  const { errors } = form.formState;
  const keyHint = (k: TCardSettings['testKey']) => (k ? t('settings.card.savedKey', { last4: k.last4 }) : t('settings.card.noKey'));
  const keyProps = { type: 'password', dir: 'ltr', autoComplete: 'off', spellCheck: false, inputClassName: 'text-start font-mono' } as const;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="card-settings-form">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-gray-900">{t('settings.card.title')}</h3>
        {stored.mode === 'test' && stored.enabled ? <TestBadge /> : null}
      </div>
      <p className="text-sm text-gray-600">{t('settings.card.description')}</p>
      <SelectField
        label={t('settings.card.mode')}
        options={(['test', 'live'] as const).map((m) => ({ value: m, label: t(`settings.card.modes.${m}`) }))}
        hint={mode === 'live' ? t('settings.card.liveHelp') : undefined}
        {...form.register('mode')}
      />
      <TextField
        label={t('settings.card.testKey')}
        placeholder={t('settings.card.testPlaceholder')}
        hint={keyHint(stored.testKey)}
        error={fieldError(errors.testKey)}
        {...keyProps}
        {...form.register('testKey')}
      />
      <TextField
        label={t('settings.card.liveKey')}
        placeholder={t('settings.card.livePlaceholder')}
        hint={keyHint(stored.liveKey)}
        error={fieldError(errors.liveKey)}
        {...keyProps}
        {...form.register('liveKey')}
      />
      <p className="text-xs text-gray-500">{t('settings.card.keyHelp')}</p>
      <CheckboxField label={t('settings.card.enabled')} {...form.register('enabled')} />
      <p className="text-xs text-gray-500">{t('settings.card.webhookNote')}</p>
      {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={save.isPending} data-testid="card-settings-save">
          {t('settings.card.save')}
        </Button>
        <Button
          variant="secondary"
          busy={check.isPending}
          onClick={() => check.mutate(stored.mode)}
          disabled={!(stored.mode === 'live' ? stored.liveKey : stored.testKey)}
          data-testid="card-settings-check"
        >
          {t('settings.card.check')}
        </Button>
        <a href="/documentation/revenue" className="self-center text-sm text-primary-700 underline">
          {t('settings.card.docs')}
        </a>
      </div>
    </form>
  );
}

export function CardSettings() {
  const settings = useQuery(cardSettingsQuery);
  if (settings.isPending) return <Skeleton className="h-64" />;
  if (settings.isError) return <QueryError query={settings} />;
  return <CardForm stored={settings.data} />;
}
