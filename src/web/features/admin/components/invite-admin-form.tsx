import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, toLanguage, type TLanguage } from '@shared/i18n';
import { ZAdminInvitation } from '@shared/schemas/admin';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { CopyButton } from '@web/components/ui/copy-button';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { isolate } from '@web/lib/format';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-error';
import { adminApi, adminKeys } from '@web/features/admin/api';

type TInvitation = { email: string; link: string; expiresInHours: number };

function InvitationResult({ invitation }: { invitation: TInvitation }) {
  const { t } = useTranslation('dashboard');
  const linkId = useId();
  return (
    <Notice tone="success" testId="invitation-result">
      <p className="font-medium">{t('admin.invite.sent', { email: isolate(invitation.email) })}</p>
      <label htmlFor={linkId} className="mt-3 block text-sm font-medium">
        {t('admin.invite.linkLabel')}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={linkId}
          readOnly
          dir="ltr"
          value={invitation.link}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="invitation-link"
          className="min-h-9 min-w-0 flex-1 rounded-lg border border-green-300 bg-white px-3 py-1.5 font-mono text-xs text-gray-900"
        />
        <CopyButton text={invitation.link} label={t('admin.invite.copy')} testId="copy-invitation-link" />
      </div>
      <p className="mt-2 text-sm" data-testid="invitation-expiry">
        {t('admin.invite.expires', { count: invitation.expiresInHours })}
      </p>
    </Notice>
  );
}

/**
 * Invites another admin: the one-time link is e-mailed, and shown here to pass on another way. The
 * invited person's language is unknown: the e-mail is written in the one chosen here, the inviting
 * admin's own by default (docs/decisions/052-admin-invitations.md).
 */
export function InviteAdminForm() {
  const { t, i18n } = useTranslation('dashboard');
  const { t: ta } = useTranslation('admin');
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const [invitation, setInvitation] = useState<TInvitation | null>(null);
  const queryClient = useQueryClient();
  const ownLanguage = toLanguage(i18n.resolvedLanguage);
  const form = useForm<{ email: string; language?: TLanguage }>({
    resolver: zodResolver(ZAdminInvitation),
    defaultValues: { email: '', language: ownLanguage },
  });
  const invite = useMutation({
    mutationFn: (json: { email: string; language?: TLanguage }) => adminApi.invite(json),
    onSuccess: (result, { email, language }) => {
      setInvitation({ email, ...result });
      form.reset({ email: '', language });
      void queryClient.invalidateQueries({ queryKey: adminKeys.admins });
    },
    onError: (error) => {
      // An e-mail that already has an account is a problem with the e-mail: say so under the field.
      if (error instanceof ApiError && error.code === 'INVITATION_EMAIL_REGISTERED') form.setError('email', { type: 'server', message: error.message });
      else if (!applyFieldErrors(error, form.setError, ['email', 'language'])) form.setError('root.server', { type: 'server', message: errorText(error) });
    },
  });
  const submit = form.handleSubmit((values) => {
    setInvitation(null);
    invite.mutate(values);
  });
  const { errors } = form.formState;
  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="invite-form">
        <TextField
          label={t('admin.invite.email')}
          type="email"
          dir="ltr"
          autoComplete="off"
          inputMode="email"
          error={fieldError(errors.email)}
          {...form.register('email')}
        />
        <SelectField
          label={ta('admins.inviteLanguage')}
          options={LANGUAGES.map((lng) => ({ value: lng, label: ta(`languages.${lng}`) }))}
          data-testid="invite-language"
          {...form.register('language')}
        />
        {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
        <Button type="submit" busy={invite.isPending}>
          {t('admin.invite.submit')}
        </Button>
      </form>
      {invitation && <InvitationResult invitation={invitation} />}
    </div>
  );
}
