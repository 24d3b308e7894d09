import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';
import { pushQuery, subscribePush, unsubscribePush } from './api';
import { currentSubscription, pushSupport, subscribeBrowser } from './push-device';
import { deviceOf } from './push-renewal';

/** Web push on this device (decision 210): one switch per browser; which kinds are pushed is chosen per kind below. */
export function PushSettings() {
  const { t } = useTranslation('notifications');
  const client = useQueryClient();
  const status = useQuery(pushQuery);
  const support = pushSupport();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    void currentSubscription()
      .then((s) => setSubscribed(Boolean(s)))
      .catch(() => setSubscribed(false));
  }, []);
  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) {
        const subscription = await currentSubscription();
        if (subscription) {
          await unsubscribePush(subscription.endpoint);
          await subscription.unsubscribe();
        }
        return false;
      }
      const json = await subscribeBrowser(status.data!.worker, status.data!.publicKey);
      if (!json) throw new Error('denied');
      await subscribePush(deviceOf(json));
      return true;
    },
    onSuccess: async (on) => {
      setSubscribed(on);
      notify.success(t(on ? 'push.on' : 'push.off'));
      await client.invalidateQueries({ queryKey: pushQuery.queryKey });
    },
    onError: (err) => notify.error(t(err instanceof Error && err.message === 'denied' ? 'push.denied' : 'push.failed')),
  });
  return (
    <div className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" data-testid="push-settings">
      <p className="font-semibold text-gray-900">{t('push.title')}</p>
      <p className="text-sm text-gray-600">{t('push.intro')}</p>
      <CheckboxField
        label={t('push.toggle')}
        checked={subscribed}
        disabled={support !== 'supported' || !status.data || toggle.isPending}
        onCheckedChange={(on) => toggle.mutate(on)}
      />
      {status.data && status.data.devices > 0 && <p className="text-sm text-gray-600">{t('push.devices', { count: status.data.devices })}</p>}
      {support === 'unsupported' && <Notice tone="error">{t('push.unsupported')}</Notice>}
      <Notice tone="info" testId="push-ios">
        {t('push.ios')}
      </Notice>
    </div>
  );
}
