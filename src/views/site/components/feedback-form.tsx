import { FEEDBACK_CATEGORIES } from '@shared/schemas/site';
import { useSite } from '@views/site/context';
import { Field, inputClass, SiteForm, SubmitButton } from './forms';

/** Spec §3 feedback submission: category, title, text (required, §5 message), optional e-mail. */
export function FeedbackForm() {
  const { t } = useSite();
  return (
    <SiteForm
      form="feedback"
      success={t('feedback.success')}
      failure={t('feedback.failure')}
      requiredMessages={{ text: t('errors:fields.feedbackRequired') }}

      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form="feedback" name="category" label={t('feedback.category')}>
          {(p) => (
            <select {...p} name="category" defaultValue="suggestion" className={inputClass}>
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`feedback.categories.${c}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form="feedback" name="title" label={t('feedback.titleField')} optional>
          {(p) => <input {...p} name="title" type="text" maxLength={200} className={inputClass} />}
        </Field>
      </div>
      <Field form="feedback" name="text" label={t('feedback.text')}>
        {(p) => <textarea {...p} name="text" rows={5} required maxLength={5000} className={inputClass} />}
      </Field>
      <Field form="feedback" name="email" label={t('feedback.email')} optional hint={t('feedback.emailHint')}>
        {(p) => <input {...p} name="email" type="email" autoComplete="email" maxLength={254} dir="ltr" className={inputClass} />}
      </Field>
      <div>
        <SubmitButton label={t('feedback.submit')} />
      </div>
    </SiteForm>
  );
}
