import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZProfileUpdate, type TProfileUpdate } from '@shared/schemas/accounts';
import { applyFieldErrors, useErrorText, useFieldErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { useSession } from '@web/components/area/session';
import { accountApi, teacherKeys } from '@web/features/dashboard/api';
import { SESSION_KEY } from '@web/lib/auth-state';
import { notify } from '@web/lib/notify';

/** Edits the account's name (also the teacher's public name); the top bar follows once it is saved. */
export function NameForm() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const fieldError = useFieldErrorText();
  const form = useForm({ resolver: zodResolver(ZProfileUpdate), defaultValues: { name: session.user.name } });
  const save = useMutation({
    mutationFn: ({ name }: TProfileUpdate) => accountApi.rename(name),
    onSuccess: async (_result, { name }) => {
      form.reset({ name });
      notify.success(t('name.saved'));
      await Promise.all([queryClient.invalidateQueries({ queryKey: SESSION_KEY }), queryClient.invalidateQueries({ queryKey: teacherKeys.all })]);
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
