import { DEFAULT_PRIMARY_COLOR } from '@shared/constants';
import { Icon } from '@views/site/components/icons';
import { useSite } from '@views/site/context';

const PRESETS = [DEFAULT_PRIMARY_COLOR, '#7c3aed', '#059669', '#dc2626', '#d97706', '#0891b2'];

/**
 * Spec §2.1: a hidden panel, toggled with Alt+Shift+D, to try primary colours live. "Keep" stores the
 * colour in the same `primaryColor` preference the dashboard uses.
 */
export function DebugPanel() {
  const { t } = useSite();
  return (
    <section
      id="debug-panel"
      data-debug-panel
      aria-labelledby="debug-panel-title"
      hidden
      className="fixed bottom-4 end-4 z-50 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white p-4 shadow-2xl"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="debug-panel-title" className="flex items-center gap-2 font-bold">
          <Icon name="palette" />
          {t('debug.title')}
        </h2>
        <button type="button" data-debug-close className="rounded-lg p-1.5 hover:bg-gray-100">
          <Icon name="close" className="h-4 w-4" />
          <span className="sr-only">{t('debug.close')}</span>
        </button>
      </div>
      <p className="mt-1 text-xs text-gray-600">{t('debug.hint')}</p>
      <label className="mt-3 flex items-center justify-between gap-3 text-sm font-bold">
        {t('debug.primary')}
        <input type="color" data-debug-color defaultValue={DEFAULT_PRIMARY_COLOR} className="h-9 w-14 cursor-pointer rounded border border-gray-300" />
      </label>
      <p className="mt-3 text-sm font-bold">{t('debug.presets')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {PRESETS.map((color) => (
          <li key={color}>
            <button
              type="button"
              data-debug-preset={color}
              aria-label={t('debug.use', { color })}
              className="h-8 w-8 rounded-full border-2 border-white shadow ring-1 ring-gray-300"
              style={{ backgroundColor: color }}
            />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-2">
        <button type="button" data-debug-save className="flex-1 rounded-lg bg-primary-700 px-3 py-2 text-sm font-bold text-white">
          {t('debug.save')}
        </button>
        <button type="button" data-debug-reset className="rounded-lg border border-gray-300 px-3 py-2 text-sm">
          {t('debug.reset')}
        </button>
      </div>
    </section>
  );
}
