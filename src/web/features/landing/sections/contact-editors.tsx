import { useTranslation } from 'react-i18next';
import { CONTACT_ACTION_TYPES, LANDING_LIMITS, type TContactAction } from '@shared/schemas/landing';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { ItemsEditor, newId } from '@web/features/landing/components/items-editor';
import type { TEditorProps } from '@web/features/landing/editor-context';

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
          <SelectField
            label={t('editor.contactActions.type')}
            value={item.type}
            options={CONTACT_ACTION_TYPES.map((v) => ({ value: v, label: t(`viewer.contactActions.types.${v}`) }))}
            onValueChange={(type) => update({ type })}
          />
          <TextField
            label={t('editor.contactActions.value')}
            dir="ltr"
            value={item.value}
            onValueChange={(value) => update({ value })}
            error={err(`contact_actions.${i}.value`)}
            hint={<ExampleHint text={t(`editor.contactActions.hints.${item.type}`)} example={t(`editor.contactActions.examples.${item.type}`)} />}
            data-testid={`contact-action-value-${i}`}
          />
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
      <TextField
        label={t('editor.contactForm.title')}
        value={form.title}
        onValueChange={(title) => set('contact_form', { ...form, title })}
        error={err('contact_form.title')}
      />
      <TextAreaField
        dir="auto"
        label={t('editor.contactForm.description')}
        value={form.description}
        onValueChange={(description) => set('contact_form', { ...form, description })}
      />
    </div>
  );
}
