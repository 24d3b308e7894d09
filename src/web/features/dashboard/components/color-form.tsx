import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePrimaryColor } from '@shared/color';
import { DEFAULT_PRIMARY_COLOR, PRIMARY_COLOR_STORAGE_KEY } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { CheckIcon } from '@web/components/ui/icons';
import { savePrimaryColor } from '@web/lib/primary-color';
import { readStorage } from '@web/lib/storage';
import { notify } from '@web/lib/notify';

const SWATCHES = [
  { key: 'blue', value: DEFAULT_PRIMARY_COLOR },
  { key: 'violet', value: '#7c3aed' },
  { key: 'pink', value: '#db2777' },
  { key: 'red', value: '#dc2626' },
  { key: 'orange', value: '#ea580c' },
  { key: 'green', value: '#16a34a' },
  { key: 'teal', value: '#0d9488' },
  { key: 'slate', value: '#334155' },
] as const;

/** What the chosen colour looks like on a button, a badge, a link and a bar, before it is saved. */
function ColorPreview({ color }: { color: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <div style={{ '--primary': color } as CSSProperties} data-testid="color-preview" className="rounded-xl border border-gray-200 bg-gray-50 p-4">
      <p className="mb-3 text-sm font-bold text-gray-700">{t('settings.color.preview')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <span className="rounded-lg bg-primary-600 px-4 py-2 text-sm font-medium text-white">{t('settings.color.previewButton')}</span>
        <span className="rounded-full bg-primary-100 px-3 py-1 text-xs font-bold text-primary-800">{t('settings.color.previewBadge')}</span>
        <span className="text-sm font-medium text-primary-700 underline">{t('settings.color.previewLink')}</span>
      </div>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-primary-100">
        <div className="h-full w-2/3 rounded-full bg-primary-500" />
      </div>
    </div>
  );
}

/** The chosen colour drives a preview first; saving applies it to the whole interface (spec §3). */
export function ColorForm() {
  const { t } = useTranslation('dashboard');
  const [saved, setSaved] = useState(() => parsePrimaryColor(readStorage(PRIMARY_COLOR_STORAGE_KEY)));
  const [color, setColor] = useState(saved);
  const save = () => {
    savePrimaryColor(color);
    setSaved(color);
    notify.success(t('settings.color.saved'));
  };
  const pick = (value: string) => setColor(parsePrimaryColor(value));
  return (
    <div className="space-y-5" data-testid="color-form">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-800">{t('settings.color.swatches')}</legend>
        <div className="flex flex-wrap gap-3">
          {SWATCHES.map((swatch) => (
            <label key={swatch.key} className="relative cursor-pointer" title={t(`settings.color.names.${swatch.key}`)}>
              <input
                type="radio"
                name="primary-color"
                value={swatch.value}
                checked={color === swatch.value}
                onChange={() => pick(swatch.value)}
                aria-label={t(`settings.color.names.${swatch.key}`)}
                data-testid={`swatch-${swatch.key}`}
                className="peer sr-only"
              />
              <span
                aria-hidden
                style={{ backgroundColor: swatch.value }}
                className="flex h-10 w-10 items-center justify-center rounded-full text-white ring-offset-2 peer-checked:ring-2 peer-checked:ring-gray-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-gray-900"
              >
                {color === swatch.value && <CheckIcon className="h-5 w-5" />}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="custom-color" className="text-sm font-medium text-gray-800">
          {t('settings.color.custom')}
        </label>
        <input
          id="custom-color"
          type="color"
          value={color}
          onChange={(e) => pick(e.target.value)}
          data-testid="custom-color"
          className="h-10 w-16 cursor-pointer rounded-lg border border-gray-300 bg-white p-1"
        />
        <bdi dir="ltr" className="font-mono text-sm text-gray-600" data-testid="color-value">
          {color}
        </bdi>
      </div>
      <ColorPreview color={color} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={save} disabled={color === saved} data-testid="save-color">
          {t('settings.color.save')}
        </Button>
        <Button variant="secondary" onClick={() => pick(DEFAULT_PRIMARY_COLOR)} disabled={color === DEFAULT_PRIMARY_COLOR}>
          {t('settings.color.reset')}
        </Button>
      </div>
      <p className="text-xs text-gray-500">{t('settings.color.deviceOnly')}</p>
    </div>
  );
}
