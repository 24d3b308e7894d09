import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_CATEGORIES } from '@shared/schemas/site';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextAreaField, TextField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { feedbackQuery, sendFeedback } from './api';

type TCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** /dashboard/feedback: the teacher's suggestions to Darsi, with their status and Darsi's answer (issue 26). */
export function FeedbackPage() {
  const { t } = useTranslation('notifications');
  const date = useDateFormat();
  const errorText = useErrorText();
  const client = useQueryClient();
  const mine = useQuery(feedbackQuery);
  const [category, setCategory] = useState<TCategory>('suggestion');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: () => sendFeedback({ category, text, ...(title ? { title } : {}), ...(email ? { email } : {}) }),
    onSuccess: async () => {
      notify.success(t('feedback.sent'));
      setTitle('');
      setText('');
      await client.invalidateQueries({ queryKey: feedbackQuery.queryKey });
    },
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <div className="space-y-6">
      <PageTitle title={t('feedback.title')} subtitle={t('feedback.intro')} />
      <form
        className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) send.mutate();
        }}
      >
        <SelectField<TCategory>
          label={t('feedback.category')}
          value={category}
          onValueChange={setCategory}
          options={FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`feedback.categories.${c}`) }))}
        />
        <TextField label={t('feedback.subject')} value={title} onValueChange={setTitle} maxLength={200} />
        <TextAreaField label={t('feedback.text')} value={text} onValueChange={setText} required rows={5} maxLength={5000} />
        <TextField label={t('feedback.email')} type="email" value={email} onValueChange={setEmail} />
        <Button type="submit" busy={send.isPending} disabled={!text.trim()} data-testid="feedback-send">
          {t('feedback.send')}
        </Button>
      </form>
      <section aria-labelledby="feedback-mine" className="space-y-2">
        <h2 id="feedback-mine" className="text-lg font-bold text-gray-900">
          {t('feedback.mine')}
        </h2>
        {mine.isError && <QueryError query={mine} />}
        {mine.data?.feedback.length === 0 && <p className="text-gray-600">{t('feedback.none')}</p>}
        <ul className="space-y-2">
          {mine.data?.feedback.map((f) => (
            <li key={f.id} data-testid="feedback-row" className="rounded-xl border border-gray-200 bg-white p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
                <Badge tone="blue">{t(`feedback.statuses.${f.status}`)}</Badge>
                {t(`feedback.categories.${f.category}`)} · <time dateTime={f.createdAt}>{date(f.createdAt)}</time>
              </p>
              {f.title && <p className="mt-1 font-semibold">{f.title}</p>}
              <p className="mt-1 whitespace-pre-line break-words">{f.text}</p>
              {f.answer && (
                <p className="mt-2 rounded-lg bg-gray-50 p-2 text-sm">
                  <span className="font-semibold">{t('feedback.answer')}: </span>
                  <span className="whitespace-pre-line">{f.answer}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
