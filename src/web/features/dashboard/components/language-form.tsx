import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type TLanguage } from '@shared/i18n';
import { saveAccountLanguage } from '@web/lib/account-language';
import { SESSION_KEY } from '@web/lib/auth-state';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { useSession } from '@web/components/area/session';
import { notify } from '@web/lib/notify';

/**
 * Spec §4: the interface switches at once (direction included) and the choice is kept locally; it is
 * also saved on the account so that e-mails come in it. A language that fails to load is reverted.
 */
export function LanguageForm({ labelledBy }: { labelledBy: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const session = useSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const current = toLanguage(i18n.resolvedLanguage);
  const [pending, setPending] = useState<TLanguage | null>(null);

  const change = async (next: TLanguage) => {
    if (next === current || pending) return;
    setPending(next);
    try {
      await i18n.changeLanguage(next);
      // A failed read still counts as "loaded"; only the bundles prove the language is usable.
      if (!i18n.hasResourceBundle(next, 'common') || !i18n.hasResourceBundle(next, 'dashboard')) throw new Error('not loaded');
    } catch {
      await i18n.changeLanguage(current);
      notify.error(i18n.t('dashboard:settings.language.failed'));
      setPending(null);
      return;
    }
    try {
      await saveAccountLanguage(session.user.name, next);
      notify.success(i18n.t('dashboard:settings.language.saved'));
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    } catch (error) {
      // The screen stays in the new language; only the e-mails keep the old one until it is saved.
      notify.error(errorText(error));
    } finally {
      setPending(null);
    }
  };

  const shown = pending ?? current;
  return (
    <fieldset aria-labelledby={labelledBy} aria-busy={pending ? true : undefined} className="grid gap-2 sm:grid-cols-3" data-testid="language-form">
      {LANGUAGES.map((lng) => (
        <label
          key={lng}
          className={cx(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 transition-colors',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500',
            shown === lng ? 'border-primary-500 bg-primary-50 font-bold text-primary-900' : 'border-gray-200 hover:bg-gray-50',
          )}
        >
          <input
            type="radio"
            name="language"
            value={lng}
            checked={shown === lng}
            onChange={() => void change(lng)}
            data-testid={`language-radio-${lng}`}
            className="h-4 w-4 accent-primary-600"
          />
          <span lang={lng}>{t(`common:language.names.${lng}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
