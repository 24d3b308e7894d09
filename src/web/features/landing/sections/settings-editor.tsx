import { useTranslation } from 'react-i18next';
import { LANDING_LIMITS, PIXEL_PROVIDERS, ROBOTS_VALUES, type TNavbarItem, type TTrackingPixel } from '../../../../shared/schemas/landing';
import { Area, Choice, Color, Text, Toggle } from '../components/fields';
import { ImageField } from '../components/image-field';
import { ItemsEditor, newId } from '../components/items-editor';
import type { TEditorProps } from '../editor-context';

export function ThemeEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Color label={t('editor.theme.primary')} value={draft.theme_colors.primary} onChange={(primary) => set('theme_colors', { ...draft.theme_colors, primary })} error={err('theme_colors.primary')} testId="field-theme-primary" />
        <Color label={t('editor.theme.secondary')} value={draft.theme_colors.secondary} onChange={(secondary) => set('theme_colors', { ...draft.theme_colors, secondary })} error={err('theme_colors.secondary')} testId="field-theme-secondary" />
      </div>
      <ImageField label={t('editor.theme.logo')} value={draft.logo_url} onChange={(v) => set('logo_url', v)} kind="logo" testId="field-logo" error={err('logo_url')} />
    </div>
  );
}

export function NavbarEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const custom = draft.navbar_items !== null;
  return (
    <div className="space-y-3">
      <Toggle
        label={t('editor.navbar.custom')}
        checked={custom}
        testId="navbar-custom"
        onChange={(on) => set('navbar_items', on ? [{ id: newId(), label: t('viewer.nav.home'), url: '#hero', isVisible: true, isExternal: false }] : null)}
      />
      {!custom && <p className="text-sm text-gray-600">{t('editor.navbar.defaults')}</p>}
      {custom && (
        <ItemsEditor<TNavbarItem>
          testId="navbar-items"
          items={draft.navbar_items ?? []}
          onChange={(v) => set('navbar_items', v)}
          max={LANDING_LIMITS.navbarItems}
          addLabel={t('editor.navbar.add')}
          itemTitle={(item, i) => item.label || t('editor.items.item', { n: i + 1 })}
          create={() => ({ id: newId(), label: '', url: '#', isVisible: true, isExternal: false })}
          render={(item, update, i) => (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                <Text label={t('editor.navbar.label')} value={item.label} onChange={(label) => update({ label })} error={err(`navbar_items.${i}.label`)} testId={`navbar-label-${i}`} />
                <Text label={t('editor.navbar.url')} dir="ltr" value={item.url} onChange={(url) => update({ url })} error={err(`navbar_items.${i}.url`)} hint={t('editor.linkHint')} testId={`navbar-url-${i}`} />
              </div>
              <div className="flex flex-wrap gap-4">
                <Toggle label={t('editor.navbar.visible')} checked={item.isVisible} onChange={(isVisible) => update({ isVisible })} />
                <Toggle label={t('editor.navbar.external')} checked={item.isExternal} onChange={(isExternal) => update({ isExternal })} />
              </div>
            </>
          )}
        />
      )}
    </div>
  );
}

export function SeoEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const meta = draft.meta_data;
  const update = (patch: Partial<typeof meta>) => set('meta_data', { ...meta, ...patch });
  return (
    <div className="grid gap-3">
      <Text label={t('editor.seo.title')} value={meta.title} onChange={(title) => update({ title })} error={err('meta_data.title')} maxLength={120} testId="field-meta-title" />
      <Area label={t('editor.seo.description')} value={meta.description} onChange={(description) => update({ description })} error={err('meta_data.description')} maxLength={320} testId="field-meta-description" />
      <Text label={t('editor.seo.canonical')} dir="ltr" value={meta.canonical} onChange={(canonical) => update({ canonical })} error={err('meta_data.canonical')} hint={t('editor.seo.canonicalHint')} />
      <Choice
        label={t('editor.seo.robots')}
        value={meta.robots ?? 'index,follow'}
        options={ROBOTS_VALUES.map((v) => ({ value: v, label: t(`editor.seo.robotsValues.${v.replace(',', '_')}`) }))}
        onChange={(robots) => update({ robots })}
      />
      <ImageField label={t('editor.seo.shareImage')} value={meta.shareImage} onChange={(shareImage) => update({ shareImage })} kind="share" testId="field-share-image" error={err('meta_data.shareImage')} />
    </div>
  );
}

type TPixelRow = { id: string; provider: TTrackingPixel['provider']; pixelId: string };

export function PixelsEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  // Rows need a key of their own: a pixel's `id` is the provider's account ID.
  const rows: TPixelRow[] = draft.tracking_pixels.map((p, i) => ({ id: `pixel-${i}`, provider: p.provider, pixelId: p.id }));
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">{t('editor.pixels.hint')}</p>
      <ItemsEditor<TPixelRow>
        testId="pixels"
        items={rows}
        onChange={(v) => set('tracking_pixels', v.map(({ provider, pixelId }) => ({ provider, id: pixelId })))}
        max={LANDING_LIMITS.pixels}
        addLabel={t('editor.pixels.add')}
        itemTitle={(item) => t(`editor.pixels.providers.${item.provider}`)}
        create={() => ({ id: `pixel-${rows.length}`, provider: 'meta', pixelId: '' })}
        render={(item, update, i) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <Choice label={t('editor.pixels.provider')} value={item.provider} options={PIXEL_PROVIDERS.map((v) => ({ value: v, label: t(`editor.pixels.providers.${v}`) }))} onChange={(provider) => update({ provider })} testId={`pixel-provider-${i}`} />
            <Text label={t('editor.pixels.id')} dir="ltr" value={item.pixelId} onChange={(pixelId) => update({ pixelId: pixelId.trim() })} error={err(`tracking_pixels.${i}.id`)} hint={t(`editor.pixels.hints.${item.provider}`)} testId={`pixel-id-${i}`} />
          </div>
        )}
      />
    </div>
  );
}

export function SlugEditor({ draft, set, err, subdomainUrl }: TEditorProps & { subdomainUrl: string }) {
  const { t } = useTranslation('landing');
  return (
    <div className="grid gap-2">
      <Text label={t('editor.slug.label')} dir="ltr" value={draft.custom_slug} onChange={(v) => set('custom_slug', v.trim())} error={err('custom_slug')} hint={t('editor.slug.hint')} testId="field-custom-slug" maxLength={63} />
      <p className="break-all text-sm text-gray-600" dir="ltr">
        {subdomainUrl}/{draft.custom_slug || '…'}
      </p>
    </div>
  );
}
