import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZProfileUpdate, type TProfileUpdate } from '../../../../shared/schemas/accounts';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '../../../components/ui/dashboard/api-errors';
import { Button } from '../../../components/ui/dashboard/button';
import { TextField } from '../../../components/ui/dashboard/form-field';
import { Notice } from '../../../components/ui/dashboard/notice';
import { useSession } from '../../../components/ui/dashboard/session';
import { api, unwrap } from '../../../lib/api';
import { notify } from '../../../lib/notify';

/** Edits the account's name (also the teacher's public name); the top bar follows once it is saved. */
export function NameForm() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const form = useForm({ resolver: zodResolver(ZProfileUpdate), defaultValues: { name: session.user.name } });
  const save = useMutation({
    mutationFn: ({ name }: TProfileUpdate) => unwrap(api.account.profile.$patch({ json: { name } })),
    onSuccess: async (_result, { name }) => {
      form.reset({ name });
      notify.success(t('name.saved'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['session'] }), queryClient.invalidateQueries({ queryKey: ['teacher'] })]);
    },
    onError: (error) => {
      if (!applyFieldErrors(error, form.setError, ['name'])) form.setError('root.server', { type: 'server', message: errorText(error) });
    },
  });
  const { errors, isDirty } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-4" data-testid="name-form">
      <TextField label={t('name.label')} autoComplete="name" error={fieldError(errors.name)} {...form.register('name')} />
      {errors.root?.server && <Notice tone="error">{errors.root.server.message}</Notice>}
      <Button type="submit" busy={save.isPending} disabled={!isDirty}>
        {t('name.save')}
      </Button>
    </form>
  );
}
