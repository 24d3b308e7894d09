import { useTranslation } from 'react-i18next';
import {
  CONTACT_ACTION_TYPES,
  FEATURE_ICONS,
  LANDING_LIMITS,
  type TContactAction,
  type TCourseContentItem,
  type TFaqItem,
  type TFeature,
  type THeroBackground,
  type THeroFeature,
  type TPricingPlan,
  type TTestimonial,
} from '@shared/schemas/landing';
import { CheckboxField, ColorField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { ImageField } from '@web/features/landing/components/image-field';
import { ItemsEditor, newId } from '@web/features/landing/components/items-editor';
import type { TEditorProps } from '@web/features/landing/editor-context';

const lines = (value: string) => value.split('\n').map((l) => l.trim()).filter(Boolean);

function useIconOptions() {
  const { t } = useTranslation('landing');
  return FEATURE_ICONS.map((icon) => ({ value: icon, label: t(`editor.icons.${icon}`) }));
}

export function HeroEditor({ draft, set, err, onBackground }: TEditorProps & { onBackground: (bg: THeroBackground) => void }) {
  const { t } = useTranslation('landing');
  const bg = draft.hero_background;
  const setBg = (patch: Partial<THeroBackground>) => {
    const next = { ...bg, ...patch };
    set('hero_background', next);
    onBackground(next);
  };
  return (
    <div className="grid gap-4">
      <TextField label={t('editor.hero.title')} value={draft.title} onValueChange={(v) => set('title', v)} error={err('title')} data-testid="field-title" maxLength={LANDING_LIMITS.short} />
      <TextField label={t('editor.hero.subtitle')} value={draft.subtitle} onValueChange={(v) => set('subtitle', v)} error={err('subtitle')} data-testid="field-subtitle" />
      <TextAreaField dir="auto" label={t('editor.hero.description')} value={draft.description} onValueChange={(v) => set('description', v)} error={err('description')} data-testid="field-description" />
      <ImageField label={t('editor.hero.image')} value={draft.hero_image_url} onChange={(v) => set('hero_image_url', v)} kind="hero" testId="field-hero-image" error={err('hero_image_url')} />
      <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-3">
        <legend className="px-1 text-sm font-bold text-gray-800">{t('editor.hero.background')}</legend>
        <SelectField
          label={t('editor.hero.backgroundType')}
          value={bg.type}
          data-testid="field-hero-bg-type"
          onValueChange={(type) => setBg({ type })}
          options={(['gradient', 'color', 'image'] as const).map((v) => ({ value: v, label: t(`editor.hero.bg.${v}`) }))}
        />
        {bg.type === 'color' && <ColorField label={t('editor.hero.bgColor')} value={bg.color ?? draft.theme_colors.primary} onValueChange={(color) => setBg({ color })} data-testid="field-hero-bg-color" error={err('hero_background.color')} />}
        {bg.type === 'gradient' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <ColorField label={t('editor.hero.gradientFrom')} value={bg.gradientFrom ?? draft.theme_colors.primary} onValueChange={(gradientFrom) => setBg({ gradientFrom })} data-testid="field-hero-bg-from" />
            <ColorField label={t('editor.hero.gradientTo')} value={bg.gradientTo ?? draft.theme_colors.secondary} onValueChange={(gradientTo) => setBg({ gradientTo })} data-testid="field-hero-bg-to" />
          </div>
        )}
        {bg.type === 'image' && (
          <>
            <ImageField label={t('editor.hero.bgImage')} value={bg.imageUrl} onChange={(imageUrl) => setBg({ imageUrl })} kind="background" testId="field-hero-bg-image" error={err('hero_background.imageUrl')} />
            <TextField label={t('editor.hero.overlay')} type="number" value={String(bg.overlay ?? 0.45)} onValueChange={(v) => setBg({ overlay: Math.min(0.9, Math.max(0, Number(v) || 0)) })} />
          </>
        )}
      </fieldset>
      <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-bold text-gray-800">{t('editor.hero.cta')}</legend>
        <TextField label={t('editor.hero.ctaLabel')} value={draft.hero_cta.label} onValueChange={(label) => set('hero_cta', { ...draft.hero_cta, label })} data-testid="field-cta-label" error={err('hero_cta.label')} />
        <TextField label={t('editor.hero.ctaUrl')} dir="ltr" value={draft.hero_cta.url} onValueChange={(url) => set('hero_cta', { ...draft.hero_cta, url })} data-testid="field-cta-url" error={err('hero_cta.url')} hint={t('editor.linkHint')} />
        <TextField label={t('editor.hero.ctaSecondaryLabel')} value={draft.hero_cta.secondaryLabel} onValueChange={(secondaryLabel) => set('hero_cta', { ...draft.hero_cta, secondaryLabel })} />
        <TextField label={t('editor.hero.ctaSecondaryUrl')} dir="ltr" value={draft.hero_cta.secondaryUrl} onValueChange={(secondaryUrl) => set('hero_cta', { ...draft.hero_cta, secondaryUrl })} error={err('hero_cta.secondaryUrl')} />
      </fieldset>
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
            <TextField label={t('editor.heroFeatures.text')} value={item.text} onValueChange={(text) => update({ text })} error={err(`hero_features.${i}.text`)} />
          </div>
        </div>
      )}
    />
  );
}

export function FeaturesEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const icons = useIconOptions();
  return (
    <ItemsEditor<TFeature>
      testId="features"
      items={draft.features}
      onChange={(v) => set('features', v)}
      max={LANDING_LIMITS.features}
      addLabel={t('editor.features.add')}
      itemTitle={(item, i) => item.title || t('editor.items.item', { n: i + 1 })}
      create={() => ({ id: newId(), icon: 'star', title: '', description: '' })}
      render={(item, update, i) => (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField label={t('editor.icon')} value={item.icon} options={icons} onValueChange={(icon) => update({ icon })} />
            <div className="sm:col-span-2">
              <TextField label={t('editor.features.title')} value={item.title} onValueChange={(title) => update({ title })} error={err(`features.${i}.title`)} data-testid={`feature-title-${i}`} />
            </div>
          </div>
          <TextAreaField dir="auto" label={t('editor.features.description')} value={item.description} onValueChange={(description) => update({ description })} error={err(`features.${i}.description`)} />
        </>
      )}
    />
  );
}

export function AboutEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const about = draft.about_me;
  const update = (patch: Partial<typeof about>) => set('about_me', { ...about, ...patch });
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('editor.about.title')} value={about.title} onValueChange={(title) => update({ title })} error={err('about_me.title')} />
        <TextField label={t('editor.about.name')} value={about.name} onValueChange={(name) => update({ name })} error={err('about_me.name')} data-testid="field-about-name" />
      </div>
      <TextAreaField dir="auto" label={t('editor.about.bio')} rows={6} value={about.bio} onValueChange={(bio) => update({ bio })} error={err('about_me.bio')} data-testid="field-about-bio" />
      <ImageField label={t('editor.about.photo')} value={about.profile_image} onChange={(profile_image) => update({ profile_image })} kind="profile" testId="field-about-photo" error={err('about_me.profile_image')} />
      <TextAreaField dir="auto" label={t('editor.about.highlights')} hint={t('editor.onePerLine')} value={(about.highlights ?? []).join('\n')} onValueChange={(v) => update({ highlights: lines(v) })} error={err('about_me.highlights')} />
    </div>
  );
}

export function CourseContentEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">{t('editor.courses.hint')}</p>
      <ItemsEditor<TCourseContentItem>
        testId="course-content"
        items={draft.course_content}
        onChange={(v) => set('course_content', v)}
        max={LANDING_LIMITS.courseContent}
        addLabel={t('editor.courses.add')}
        itemTitle={(item, i) => item.title || t('editor.items.item', { n: i + 1 })}
        create={() => ({ id: newId(), title: '' })}
        render={(item, update, i) => (
          <>
            <TextField label={t('editor.courses.title')} value={item.title} onValueChange={(title) => update({ title })} error={err(`course_content.${i}.title`)} />
            <TextAreaField dir="auto" label={t('editor.courses.description')} value={item.description} onValueChange={(description) => update({ description })} />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('editor.courses.lessons')} type="number" value={item.lessons === undefined ? '' : String(item.lessons)} onValueChange={(v) => update({ lessons: v === '' ? undefined : Math.max(0, Math.floor(Number(v) || 0)) })} />
              <TextField label={t('editor.courses.duration')} value={item.duration} onValueChange={(duration) => update({ duration })} />
            </div>
          </>
        )}
      />
    </div>
  );
}

export function PricingEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <ItemsEditor<TPricingPlan>
      testId="pricing"
      items={draft.pricing}
      onChange={(v) => set('pricing', v)}
      max={LANDING_LIMITS.pricing}
      addLabel={t('editor.pricing.add')}
      itemTitle={(item, i) => item.name || t('editor.items.item', { n: i + 1 })}
      create={() => ({ id: newId(), name: '', price: '' })}
      render={(item, update, i) => (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label={t('editor.pricing.name')} value={item.name} onValueChange={(name) => update({ name })} error={err(`pricing.${i}.name`)} />
            <TextField label={t('editor.pricing.price')} value={item.price} onValueChange={(price) => update({ price })} error={err(`pricing.${i}.price`)} />
            <TextField label={t('editor.pricing.period')} value={item.period} onValueChange={(period) => update({ period })} />
          </div>
          <TextAreaField dir="auto" label={t('editor.pricing.description')} value={item.description} onValueChange={(description) => update({ description })} />
          <TextAreaField dir="auto" label={t('editor.pricing.features')} hint={t('editor.onePerLine')} value={(item.features ?? []).join('\n')} onValueChange={(v) => update({ features: lines(v) })} />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('editor.pricing.ctaLabel')} value={item.ctaLabel} onValueChange={(ctaLabel) => update({ ctaLabel })} />
            <TextField label={t('editor.pricing.ctaUrl')} dir="ltr" value={item.ctaUrl} onValueChange={(ctaUrl) => update({ ctaUrl })} error={err(`pricing.${i}.ctaUrl`)} />
          </div>
          <CheckboxField label={t('editor.pricing.popular')} checked={Boolean(item.isPopular)} onCheckedChange={(isPopular) => update({ isPopular })} />
        </>
      )}
    />
  );
}

export function TestimonialsEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <ItemsEditor<TTestimonial>
      testId="testimonials"
      items={draft.testimonials}
      onChange={(v) => set('testimonials', v)}
      max={LANDING_LIMITS.testimonials}
      addLabel={t('editor.testimonials.add')}
      itemTitle={(item, i) => item.name || t('editor.items.item', { n: i + 1 })}
      create={() => ({ id: newId(), name: '', text: '', rating: 5 })}
      render={(item, update, i) => (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField label={t('editor.testimonials.name')} value={item.name} onValueChange={(name) => update({ name })} error={err(`testimonials.${i}.name`)} />
            <TextField label={t('editor.testimonials.role')} value={item.role} onValueChange={(role) => update({ role })} />
            <SelectField label={t('editor.testimonials.rating')} value={String(item.rating ?? 5)} options={['5', '4', '3', '2', '1'].map((v) => ({ value: v, label: v }))} onValueChange={(v) => update({ rating: Number(v) })} />
          </div>
          <TextAreaField dir="auto" label={t('editor.testimonials.text')} value={item.text} onValueChange={(text) => update({ text })} error={err(`testimonials.${i}.text`)} />
          <ImageField label={t('editor.testimonials.avatar')} value={item.avatar} onChange={(avatar) => update({ avatar })} kind="avatar" testId={`testimonial-avatar-${i}`} error={err(`testimonials.${i}.avatar`)} />
        </>
      )}
    />
  );
}

export function FaqEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <div className="space-y-2">
      {err('faq') && (
        <p role="alert" className="text-sm text-red-700">
          {err('faq')}
        </p>
      )}
      <ItemsEditor<TFaqItem>
        testId="faq"
        items={draft.faq}
        onChange={(v) => set('faq', v)}
        max={LANDING_LIMITS.faq}
        addLabel={t('editor.faq.add')}
        itemTitle={(item, i) => item.question || t('editor.items.item', { n: i + 1 })}
        create={() => ({ id: newId(), question: '', answer: '' })}
        render={(item, update, i) => (
          <>
            <TextField label={t('editor.faq.question')} value={item.question} onValueChange={(question) => update({ question })} error={err(`faq.${i}.question`)} data-testid={`faq-question-${i}`} />
            <TextAreaField dir="auto" label={t('editor.faq.answer')} value={item.answer} onValueChange={(answer) => update({ answer })} error={err(`faq.${i}.answer`)} data-testid={`faq-answer-${i}`} />
          </>
        )}
      />
    </div>
  );
}

/**
 * A hint with a sample value: numbers and addresses are left-to-right runs, isolated so that an Arabic
 * sentence around them cannot reorder their characters ("+213 …", "https://…").
 */
function ExampleHint({ text, example }: { text: string; example: string }) {
  return (
    <>
      {text} <bdi dir="ltr">{example}</bdi>
    </>
  );
}

export function ContactActionsEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  return (
    <ItemsEditor<TContactAction>
      testId="contact-actions"
      items={draft.contact_actions}
      onChange={(v) => set('contact_actions', v)}
      max={LANDING_LIMITS.contactActions}
      addLabel={t('editor.contactActions.add')}
      itemTitle={(item) => item.label || t(`viewer.contactActions.types.${item.type}`)}
      create={() => ({ id: newId(), type: 'whatsapp', value: '' })}
      render={(item, update, i) => (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label={t('editor.contactActions.type')} value={item.type} options={CONTACT_ACTION_TYPES.map((v) => ({ value: v, label: t(`viewer.contactActions.types.${v}`) }))} onValueChange={(type) => update({ type })} />
          <TextField label={t('editor.contactActions.value')} dir="ltr" value={item.value} onValueChange={(value) => update({ value })} error={err(`contact_actions.${i}.value`)} hint={<ExampleHint text={t(`editor.contactActions.hints.${item.type}`)} example={t(`editor.contactActions.examples.${item.type}`)} />} data-testid={`contact-action-value-${i}`} />
          <TextField label={t('editor.contactActions.label')} value={item.label} onValueChange={(label) => update({ label })} />
        </div>
      )}
    />
  );
}

export function ContactFormEditor({ draft, set, err }: TEditorProps) {
  const { t } = useTranslation('landing');
  const form = draft.contact_form;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-600">{t('editor.contactForm.hint')}</p>
      <TextField label={t('editor.contactForm.title')} value={form.title} onValueChange={(title) => set('contact_form', { ...form, title })} error={err('contact_form.title')} />
      <TextAreaField dir="auto" label={t('editor.contactForm.description')} value={form.description} onValueChange={(description) => set('contact_form', { ...form, description })} />
    </div>
  );
}
