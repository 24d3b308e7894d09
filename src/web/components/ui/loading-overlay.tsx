import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERLAY_DELAY_MS, OVERLAY_PROGRESS_MS, OVERLAY_TIP_COUNT, OVERLAY_TIP_ROTATION_MS } from '@shared/constants';

/**
 * Spec §2.6: nothing for the first 300 ms (most loads finish by then), then a message, a rotating tip
 * (random first, next every 5 s) and an 8 s progress bar. Translations may still be loading on the very
 * first visit, so text appears only once they are ready.
 */
export function LoadingOverlay() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const [visible, setVisible] = useState(false);
  const [tip, setTip] = useState(() => Math.floor(Math.random() * OVERLAY_TIP_COUNT));

  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), OVERLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setInterval(() => setTip((i) => (i + 1) % OVERLAY_TIP_COUNT), OVERLAY_TIP_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/90 p-6 text-center backdrop-blur-sm"
    >
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-primary-200 border-t-primary-600" />
      {ready && <p className="text-lg font-bold text-gray-900">{t('overlay.message')}</p>}
      {ready && (
        <p data-testid="loading-tip" className="max-w-md text-sm text-gray-600">
          {t(`overlay.tips.${tip}`)}
        </p>
      )}
      <div className="h-1.5 w-64 max-w-full overflow-hidden rounded-full bg-gray-200">
        <div className="overlay-progress h-full rounded-full bg-primary-600" style={{ animationDuration: `${OVERLAY_PROGRESS_MS}ms` }} />
      </div>
    </div>
  );
}
