import { useTranslation } from 'react-i18next';
import { slugFromTitle } from '@shared/landing-slug';
import { LANDING_LIMITS, PIXEL_PROVIDERS, ROBOTS_VALUES, type TNavbarItem, type TTrackingPixel } from '@shared/schemas/landing';
import { CheckboxField, ColorField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { ImageField } from '@web/features/landing/components/image-field';
import { ItemsEditor, newId } from '@web/features/landing/components/items-editor';
import type { TEditorProps } from '@web/features/landing/editor-context';

export function ThemeEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <ColorField
          label={t('editor.theme.primary')}
          value={draft.theme_colors.primary}
          onValueChange={(primary) => set('theme_colors', { ...draft.theme_colors, primary })}
          error={err('theme_colors.primary')}
          data-testid="field-theme-primary"
        />
        <ColorField
          label={t('editor.theme.secondary')}
          value={draft.theme_colors.secondary}
          onValueChange={(secondary) => set('theme_colors', { ...draft.theme_colors, secondary })}
          error={err('theme_colors.secondary')}
          data-testid="field-theme-secondary"
        />
      </div>
      <ImageField
        label={t('editor.theme.logo')}
        value={draft.logo_url}
        onChange={(v) => set('logo_url', v)}
        kind="logo"
        testId="field-logo"
        error={err('logo_url')}
      />
    </div>
  );
}

export function NavbarEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const custom = draft.navbar_items !== null;
  return (
    <div className="space-y-3">
      <CheckboxField
        label={t('editor.navbar.custom')}
        checked={custom}
        data-testid="navbar-custom"
        onCheckedChange={(on) =>
          set('navbar_items', on ? [{ id: newId(), label: t('viewer.nav.home'), url: '#hero', isVisible: true, isExternal: false }] : null)
        }
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
                <TextField
                  label={t('editor.navbar.label')}
                  value={item.label}
                  onValueChange={(label) => update({ label })}
                  error={err(`navbar_items.${i}.label`)}
                  data-testid={`navbar-label-${i}`}
                />
                <TextField
                  label={t('editor.navbar.url')}
                  dir="ltr"
                  value={item.url}
                  onValueChange={(url) => update({ url })}
                  error={err(`navbar_items.${i}.url`)}
                  hint={t('editor.linkHint')}
                  data-testid={`navbar-url-${i}`}
                />
              </div>
              <div className="flex flex-wrap gap-4">
                <CheckboxField label={t('editor.navbar.visible')} checked={item.isVisible} onCheckedChange={(isVisible) => update({ isVisible })} />
                <CheckboxField label={t('editor.navbar.external')} checked={item.isExternal} onCheckedChange={(isExternal) => update({ isExternal })} />
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
      <TextField
        label={t('editor.seo.title')}
        value={meta.title}
        onValueChange={(title) => update({ title })}
        error={err('meta_data.title')}
        maxLength={120}
        data-testid="field-meta-title"
      />
      <TextAreaField
        dir="auto"
        label={t('editor.seo.description')}
        value={meta.description}
        onValueChange={(description) => update({ description })}
        error={err('meta_data.description')}
        maxLength={320}
        data-testid="field-meta-description"
      />
      <TextField
        label={t('editor.seo.canonical')}
        dir="ltr"
        value={meta.canonical}
        onValueChange={(canonical) => update({ canonical })}
        error={err('meta_data.canonical')}
        hint={t('editor.seo.canonicalHint')}
      />
      <SelectField
        label={t('editor.seo.robots')}
        value={meta.robots ?? 'index,follow'}
        options={ROBOTS_VALUES.map((v) => ({ value: v, label: t(`editor.seo.robotsValues.${v.replace(',', '_')}`) }))}
        onValueChange={(robots) => update({ robots })}
      />
      <ImageField
        label={t('editor.seo.shareImage')}
        value={meta.shareImage}
        onChange={(shareImage) => update({ shareImage })}
        kind="share"
        testId="field-share-image"
        error={err('meta_data.shareImage')}
      />
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
        onChange={(v) =>
          set(
            'tracking_pixels',
            v.map(({ provider, pixelId }) => ({ provider, id: pixelId })),
          )
        }
        max={LANDING_LIMITS.pixels}
        addLabel={t('editor.pixels.add')}
        itemTitle={(item) => t(`editor.pixels.providers.${item.provider}`)}
        create={() => ({ id: `pixel-${rows.length}`, provider: 'meta', pixelId: '' })}
        render={(item, update, i) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('editor.pixels.provider')}
              value={item.provider}
              options={PIXEL_PROVIDERS.map((v) => ({ value: v, label: t(`editor.pixels.providers.${v}`) }))}
              onValueChange={(provider) => update({ provider })}
              data-testid={`pixel-provider-${i}`}
            />
            <TextField
              label={t('editor.pixels.id')}
              dir="ltr"
              value={item.pixelId}
              onValueChange={(pixelId) => update({ pixelId: pixelId.trim() })}
              error={err(`tracking_pixels.${i}.id`)}
              hint={t(`editor.pixels.hints.${item.provider}`)}
              data-testid={`pixel-id-${i}`}
            />
          </div>
        )}
      />
    </div>
  );
}

export function SlugEditor({ draft, set, err, subdomainUrl }: TEditorProps & { subdomainUrl: string }) {
  const { t } = useTranslation('landing');
  // Without a custom slug the page answers to its readable title slug (decision 059): shown so the teacher
  // sees the address before sharing it, and may edit it by typing a custom one.
  const slug = draft.custom_slug || slugFromTitle(draft.title);
  return (
    <div className="grid gap-2">
      <TextField
        label={t('editor.slug.label')}
        dir="auto"
        value={draft.custom_slug}
        placeholder={slugFromTitle(draft.title)}
        onValueChange={(v) => set('custom_slug', v.trim())}
        error={err('custom_slug')}
        hint={t('editor.slug.hint')}
        data-testid="field-custom-slug"
        maxLength={63}
      />
      {!draft.custom_slug && slug ? <p className="text-sm text-gray-600">{t('editor.slug.fromTitle')}</p> : null}
      <p className="break-all text-sm text-gray-600" dir="ltr" data-testid="slug-preview">
        {subdomainUrl}/<bdi>{slug || '…'}</bdi>
      </p>
    </div>
  );
}
