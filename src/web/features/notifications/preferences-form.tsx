import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_MODES, type TEmailMode } from '@shared/notifications';
import { CheckboxField, SelectField } from '@web/components/ui/form-field';
import { QueryError } from '@web/components/ui/error-state';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { preferencesQuery, savePreference, type TPreferenceRow } from './api';
import { PushSettings } from './push-settings';

/** Per kind: shown in Darsi or not, by e-mail at once, in the daily summary, or never, and pushed to the person's devices. */
export function PreferencesForm() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const prefs = useQuery(preferencesQuery);
  const save = useMutation({
    mutationFn: savePreference,
    onSuccess: async () => {
      notify.success(t('prefs.saved'));
      await client.invalidateQueries({ queryKey: preferencesQuery.queryKey });
    },
  });
  if (prefs.isPending) return <LoadingBlock />;
  if (prefs.isError) return <QueryError query={prefs} />;
  const change = (row: TPreferenceRow, patch: Partial<Pick<TPreferenceRow, 'inApp' | 'email' | 'push'>>) =>
    save.mutate({ kind: row.kind, inApp: row.inApp, email: row.email, push: row.push, ...patch });
  return (
    <section aria-labelledby="notification-settings" className="space-y-3" data-testid="notification-settings">
      <h2 id="notification-settings" className="text-lg font-bold text-gray-900">
        {t('prefs.title')}
      </h2>
      <p className="text-gray-600">{t('prefs.intro')}</p>
      <PushSettings />
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {prefs.data.map((row) => (
          <li key={row.kind} className="flex flex-wrap items-end gap-4 p-4">
            <p className="min-w-40 flex-1 font-semibold text-gray-900">{t(`kinds.${row.kind}.name`)}</p>
            <CheckboxField label={t('prefs.inApp')} checked={row.inApp} onCheckedChange={(inApp) => change(row, { inApp })} />
            <SelectField<TEmailMode>
              label={t('prefs.email')}
              value={row.email}
              options={EMAIL_MODES.map((mode) => ({ value: mode, label: t(`prefs.mode.${mode}`) }))}
              onValueChange={(email) => change(row, { email })}
            />
            <CheckboxField label={t('prefs.push')} checked={row.push} onCheckedChange={(push) => change(row, { push })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
