import { useSite } from '@views/site/context';
import { Field, inputClass, SiteForm, SubmitButton } from './forms';

/** Spec §3 contact form: name, email, phone (optional, +213…), subject, message. */
export function ContactForm() {
  const { t } = useSite();
  return (
    <SiteForm form="contact" success={t('contact.success')} failure={t('contact.failure')} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form="contact" name="name" label={t('contact.name')}>
          {(p) => <input {...p} name="name" type="text" autoComplete="name" required maxLength={200} className={inputClass} />}
        </Field>
        <Field form="contact" name="email" label={t('contact.email')}>
          {(p) => <input {...p} name="email" type="email" autoComplete="email" required maxLength={254} dir="ltr" className={inputClass} />}
        </Field>
        <Field form="contact" name="phone" label={t('contact.phone')} optional>
          {(p) => (
            <input
              {...p}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              dir="ltr"
              placeholder={t('contact.phonePlaceholder')}
              maxLength={40}
              className={inputClass}
            />
          )}
        </Field>
        <Field form="contact" name="subject" label={t('contact.subject')}>
          {(p) => <input {...p} name="subject" type="text" required maxLength={200} className={inputClass} />}
        </Field>
      </div>
      <Field form="contact" name="message" label={t('contact.message')}>
        {(p) => <textarea {...p} name="message" rows={5} required maxLength={5000} className={inputClass} />}
      </Field>
      <div>
        <SubmitButton label={t('contact.submit')} />
      </div>
    </SiteForm>
  );
}
