import { useTranslation } from 'react-i18next';
import { LANDING_LIMITS, type TCourseContentItem, type TFaqItem, type TFeature, type TPricingPlan, type TTestimonial } from '@shared/schemas/landing';
import { CheckboxField, SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { ImageField } from '@web/features/landing/components/image-field';
import { ItemsEditor, newId } from '@web/features/landing/components/items-editor';
import type { TEditorProps } from '@web/features/landing/editor-context';
import { lines, useIconOptions } from './section-fields';

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
              <TextField
                label={t('editor.features.title')}
                value={item.title}
                onValueChange={(title) => update({ title })}
                error={err(`features.${i}.title`)}
                data-testid={`feature-title-${i}`}
              />
            </div>
          </div>
          <TextAreaField
            dir="auto"
            label={t('editor.features.description')}
            value={item.description}
            onValueChange={(description) => update({ description })}
            error={err(`features.${i}.description`)}
          />
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
        <TextField
          label={t('editor.about.name')}
          value={about.name}
          onValueChange={(name) => update({ name })}
          error={err('about_me.name')}
          data-testid="field-about-name"
        />
      </div>
      <TextAreaField
        dir="auto"
        label={t('editor.about.bio')}
        rows={6}
        value={about.bio}
        onValueChange={(bio) => update({ bio })}
        error={err('about_me.bio')}
        data-testid="field-about-bio"
      />
      <ImageField
        label={t('editor.about.photo')}
        value={about.profile_image}
        onChange={(profile_image) => update({ profile_image })}
        kind="profile"
        testId="field-about-photo"
        error={err('about_me.profile_image')}
      />
      <TextAreaField
        dir="auto"
        label={t('editor.about.highlights')}
        hint={t('editor.onePerLine')}
        value={(about.highlights ?? []).join('\n')}
        onValueChange={(v) => update({ highlights: lines(v) })}
        error={err('about_me.highlights')}
      />
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
            <TextField
              label={t('editor.courses.title')}
              value={item.title}
              onValueChange={(title) => update({ title })}
              error={err(`course_content.${i}.title`)}
            />
            <TextAreaField
              dir="auto"
              label={t('editor.courses.description')}
              value={item.description}
              onValueChange={(description) => update({ description })}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('editor.courses.lessons')}
                type="number"
                value={item.lessons === undefined ? '' : String(item.lessons)}
                onValueChange={(v) => update({ lessons: v === '' ? undefined : Math.max(0, Math.floor(Number(v) || 0)) })}
              />
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
          <TextAreaField
            dir="auto"
            label={t('editor.pricing.features')}
            hint={t('editor.onePerLine')}
            value={(item.features ?? []).join('\n')}
            onValueChange={(v) => update({ features: lines(v) })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={t('editor.pricing.ctaLabel')} value={item.ctaLabel} onValueChange={(ctaLabel) => update({ ctaLabel })} />
            <TextField
              label={t('editor.pricing.ctaUrl')}
              dir="ltr"
              value={item.ctaUrl}
              onValueChange={(ctaUrl) => update({ ctaUrl })}
              error={err(`pricing.${i}.ctaUrl`)}
            />
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
            <TextField
              label={t('editor.testimonials.name')}
              value={item.name}
              onValueChange={(name) => update({ name })}
              error={err(`testimonials.${i}.name`)}
            />
            <TextField label={t('editor.testimonials.role')} value={item.role} onValueChange={(role) => update({ role })} />
            <SelectField
              label={t('editor.testimonials.rating')}
              value={String(item.rating ?? 5)}
              options={['5', '4', '3', '2', '1'].map((v) => ({ value: v, label: v }))}
              onValueChange={(v) => update({ rating: Number(v) })}
            />
          </div>
          <TextAreaField
            dir="auto"
            label={t('editor.testimonials.text')}
            value={item.text}
            onValueChange={(text) => update({ text })}
            error={err(`testimonials.${i}.text`)}
          />
          <ImageField
            label={t('editor.testimonials.avatar')}
            value={item.avatar}
            onChange={(avatar) => update({ avatar })}
            kind="avatar"
            testId={`testimonial-avatar-${i}`}
            error={err(`testimonials.${i}.avatar`)}
          />
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
            <TextField
              label={t('editor.faq.question')}
              value={item.question}
              onValueChange={(question) => update({ question })}
              error={err(`faq.${i}.question`)}
              data-testid={`faq-question-${i}`}
            />
            <TextAreaField
              dir="auto"
              label={t('editor.faq.answer')}
              value={item.answer}
              onValueChange={(answer) => update({ answer })}
              error={err(`faq.${i}.answer`)}
              data-testid={`faq-answer-${i}`}
            />
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
