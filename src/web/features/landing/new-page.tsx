import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageTitle } from '@web/components/ui/page-heading';
import { ApiError } from '@web/lib/api-error';
import { landingApi, landingKeys } from './api';
import { TextField } from '@web/components/ui/form-field';

/** /dashboard/landing-pages/new: a title and a starting point, then the editor. */
export function NewLandingPage() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [title, setTitle] = useState('');
  const [template, setTemplate] = useState<'starter' | 'blank'>('starter');
  const [error, setError] = useState<string | undefined>();
  const create = useMutation({
    mutationFn: () => landingApi.create(title.trim(), template),
    onSuccess: async ({ page }) => {
      await queryClient.invalidateQueries({ queryKey: landingKeys.list });
      void navigate(`/dashboard/landing-pages/${page.id}`, { replace: true });
    },
    onError: (e) => setError(e instanceof ApiError && e.fields.title ? e.fields.title : errorText(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('errors:fields.required'));
      return;
    }
    create.mutate();
  };
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageTitle title={t('create.title')} subtitle={t('create.subtitle')} />
      <Card>
        <form onSubmit={submit} className="space-y-5" noValidate>
          <TextField
            id="landing-title"
            label={t('create.pageTitle')}
            value={title}
            onValueChange={setTitle}
            error={error}
            data-testid="landing-new-title"
            maxLength={200}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-gray-800">{t('create.template')}</legend>
            {(['starter', 'blank'] as const).map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50"
              >
                <input
                  type="radio"
                  name="template"
                  value={value}
                  checked={template === value}
                  onChange={() => setTemplate(value)}
                  className="mt-1 h-4 w-4 accent-primary-600"
                  data-testid={`template-${value}`}
                />
                <span>
                  <span className="block font-bold text-gray-900">{t(`create.templates.${value}.title`)}</span>
                  <span className="block text-sm text-gray-600">{t(`create.templates.${value}.text`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" busy={create.isPending} data-testid="landing-create">
            {t('create.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
