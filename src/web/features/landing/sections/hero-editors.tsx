import { useTranslation } from 'react-i18next';
import { LANDING_LIMITS, type THeroBackground, type THeroFeature } from '@shared/schemas/landing';
import { ColorField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { ImageField } from '@web/features/landing/components/image-field';
import { ItemsEditor, newId } from '@web/features/landing/components/items-editor';
import type { TEditorProps } from '@web/features/landing/editor-context';
import { useIconOptions } from './section-fields';

type THeroEditorProps = TEditorProps & { onBackground: (bg: THeroBackground) => void };

/** The hero's background: a gradient, a colour or an image under a darkening overlay; the preview follows at once. */
function HeroBackgroundFields({ draft, set, err, onBackground }: THeroEditorProps) {
  const { t } = useTranslation('landing');
  const bg = draft.hero_background;
  const setBg = (patch: Partial<THeroBackground>) => {
    const next = { ...bg, ...patch };
    set('hero_background', next);
    onBackground(next);
  };
  return (
    <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-3">
      <legend className="px-1 text-sm font-bold text-gray-800">{t('editor.hero.background')}</legend>
      <SelectField
        label={t('editor.hero.backgroundType')}
        value={bg.type}
        data-testid="field-hero-bg-type"
        onValueChange={(type) => setBg({ type })}
        options={(['gradient', 'color', 'image'] as const).map((v) => ({ value: v, label: t(`editor.hero.bg.${v}`) }))}
      />
      {bg.type === 'color' && (
        <ColorField
          label={t('editor.hero.bgColor')}
          value={bg.color ?? draft.theme_colors.primary}
          onValueChange={(color) => setBg({ color })}
          data-testid="field-hero-bg-color"
          error={err('hero_background.color')}
        />
      )}
      {bg.type === 'gradient' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <ColorField
            label={t('editor.hero.gradientFrom')}
            value={bg.gradientFrom ?? draft.theme_colors.primary}
            onValueChange={(gradientFrom) => setBg({ gradientFrom })}
            data-testid="field-hero-bg-from"
          />
          <ColorField
            label={t('editor.hero.gradientTo')}
            value={bg.gradientTo ?? draft.theme_colors.secondary}
            onValueChange={(gradientTo) => setBg({ gradientTo })}
            data-testid="field-hero-bg-to"
          />
        </div>
      )}
      {bg.type === 'image' && (
        <>
          <ImageField
            label={t('editor.hero.bgImage')}
            value={bg.imageUrl}
            onChange={(imageUrl) => setBg({ imageUrl })}
            kind="background"
            testId="field-hero-bg-image"
            error={err('hero_background.imageUrl')}
          />
          <TextField
            label={t('editor.hero.overlay')}
            type="number"
            value={String(bg.overlay ?? 0.45)}
            onValueChange={(v) => setBg({ overlay: Math.min(0.9, Math.max(0, Number(v) || 0)) })}
          />
        </>
      )}
    </fieldset>
  );
}

/** The hero's two buttons: label and link of each. */
function HeroCtaFields({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-bold text-gray-800">{t('editor.hero.cta')}</legend>
      <TextField
        label={t('editor.hero.ctaLabel')}
        value={draft.hero_cta.label}
        onValueChange={(label) => set('hero_cta', { ...draft.hero_cta, label })}
        data-testid="field-cta-label"
        error={err('hero_cta.label')}
      />
      <TextField
        label={t('editor.hero.ctaUrl')}
        dir="ltr"
        value={draft.hero_cta.url}
        onValueChange={(url) => set('hero_cta', { ...draft.hero_cta, url })}
        data-testid="field-cta-url"
        error={err('hero_cta.url')}
        hint={t('editor.linkHint')}
      />
      <TextField
        label={t('editor.hero.ctaSecondaryLabel')}
        value={draft.hero_cta.secondaryLabel}
        onValueChange={(secondaryLabel) => set('hero_cta', { ...draft.hero_cta, secondaryLabel })}
      />
      <TextField
        label={t('editor.hero.ctaSecondaryUrl')}
        dir="ltr"
        value={draft.hero_cta.secondaryUrl}
        onValueChange={(secondaryUrl) => set('hero_cta', { ...draft.hero_cta, secondaryUrl })}
        error={err('hero_cta.secondaryUrl')}
      />
    </fieldset>
  );
}

export function HeroEditor({ draft, set, err, onBackground }: THeroEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="grid gap-4">
      <TextField
        label={t('editor.hero.title')}
        value={draft.title}
        onValueChange={(v) => set('title', v)}
        error={err('title')}
        data-testid="field-title"
        maxLength={LANDING_LIMITS.short}
      />
      <TextField
        label={t('editor.hero.subtitle')}
        value={draft.subtitle}
        onValueChange={(v) => set('subtitle', v)}
        error={err('subtitle')}
        data-testid="field-subtitle"
      />
      <TextAreaField
        dir="auto"
        label={t('editor.hero.description')}
        value={draft.description}
        onValueChange={(v) => set('description', v)}
        error={err('description')}
        data-testid="field-description"
      />
      <ImageField
        label={t('editor.hero.image')}
        value={draft.hero_image_url}
        onChange={(v) => set('hero_image_url', v)}
        kind="hero"
        testId="field-hero-image"
        error={err('hero_image_url')}
      />
      <HeroBackgroundFields draft={draft} set={set} err={err} onBackground={onBackground} />
      <HeroCtaFields draft={draft} set={set} err={err} />
    </div>
  );
}

export function HeroFeaturesEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const icons = useIconOptions();
  return (
    <ItemsEditor<THeroFeature>
      testId="hero-features"
      items={draft.hero_features}
      onChange={(v) => set('hero_features', v)}
      max={LANDING_LIMITS.heroFeatures}
      addLabel={t('editor.heroFeatures.add')}
      itemTitle={(item, i) => item.text || t('editor.items.item', { n: i + 1 })}
      create={() => ({ id: newId(), icon: 'check', text: '' })}
      render={(item, update, i) => (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label={t('editor.icon')} value={item.icon ?? 'check'} options={icons} onValueChange={(icon) => update({ icon })} />
          <div className="sm:col-span-2">
            <TextField
              label={t('editor.heroFeatures.text')}
              value={item.text}
              onValueChange={(text) => update({ text })}
              error={err(`hero_features.${i}.text`)}
            />
          </div>
        </div>
      )}
    />
  );
}
