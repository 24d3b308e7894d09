import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZTeacherContact } from '@shared/schemas/accounts';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { CheckboxField, TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { QueryError } from '@web/components/ui/error-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { contactQuery, useSaveContact, type TContactInput } from '@web/features/dashboard/api';
import { notify } from '@web/lib/notify';

type TStored = { phone: string | null; whatsapp: string | null; emailShown: boolean; email: string };

/** Where students who need a card can reach the teacher: phone, WhatsApp, e-mail, each shown only if chosen. */
function ContactFields({ stored }: { stored: TStored }) {
  const { t } = useTranslation('dashboard');
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const save = useSaveContact();
  const form = useForm<TContactInput>({
    resolver: zodResolver(ZTeacherContact) as never,
    defaultValues: { phone: stored.phone ?? '', whatsapp: stored.whatsapp ?? '', emailShown: stored.emailShown },
  });
  const { errors, isDirty } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ phone: saved.phone ?? '', whatsapp: saved.whatsapp ?? '', emailShown: saved.emailShown });
        notify.success(t('contact.saved'));
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['phone', 'whatsapp'])) form.setError('root.server', { type: 'server', message: errorText(error) });
      },
    }),
  );
  const phoneProps = { type: 'tel', dir: 'ltr', inputMode: 'tel', inputClassName: 'text-start', placeholder: t('contact.placeholder') } as const;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-testid="contact-form">
      <TextField
        label={t('contact.phone')}
        hint={t('contact.phoneHint')}
        autoComplete="tel"
        error={fieldError(errors.phone)}
        {...phoneProps}
        {...form.register('phone')}
      />
      <TextField
        label={t('contact.whatsapp')}
        hint={t('contact.whatsappHint')}
        error={fieldError(errors.whatsapp)}
        {...phoneProps}
        {...form.register('whatsapp')}
      />
      <CheckboxField label={t('contact.emailShown', { email: stored.email })} {...form.register('emailShown')} />
      {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
      <Button type="submit" busy={save.isPending} disabled={!isDirty}>
        {t('contact.save')}
      </Button>
    </form>
  );
}

export function ContactForm() {
  const contact = useQuery(contactQuery);
  if (contact.isPending) return <Skeleton className="h-40" />;
  if (contact.isError) return <QueryError query={contact} />;
  return <ContactFields stored={contact.data} />;
}
