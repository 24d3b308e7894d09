import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES } from '@shared/schemas/messages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextAreaField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { adminFeedbackQuery, answerFeedback } from './api';

type TStatus = (typeof FEEDBACK_STATUSES)[number];
type TItem = {
  id: string;
  teacher: string;
  category: string;
  title: string | null;
  text: string;
  email: string | null;
  status: string;
  answer: string | null;
  createdAt: string;
};

/** One teacher's feedback: read as text, answered, its status changed; the teacher is notified (issue 26). */
function FeedbackItem({ item }: { item: TItem }) {
  const { t } = useTranslation('notifications');
  const date = useDateFormat();
  const errorText = useErrorText();
  const client = useQueryClient();
  const [status, setStatus] = useState<TStatus>(item.status as TStatus);
  const [answer, setAnswer] = useState(item.answer ?? '');
  const save = useMutation({
    mutationFn: () => answerFeedback(item.id, { status, ...(answer.trim() ? { answer } : {}) }),
    onSuccess: async () => {
      notify.success(t('feedback.admin.saved'));
      await client.invalidateQueries({ queryKey: adminFeedbackQuery.queryKey });
    },
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <li className="space-y-2 rounded-xl border border-gray-200 bg-white p-4" data-testid="admin-feedback">
      <p className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
        <span className="font-semibold text-gray-900">{item.teacher}</span>
        <Badge tone="gray">{t(`feedback.categories.${item.category}`, { defaultValue: item.category })}</Badge>
        <Badge tone="amber">{t(`feedback.statuses.${item.status}`)}</Badge>
        <time dateTime={item.createdAt}>{date(item.createdAt)}</time>
        {item.email && <span dir="ltr">{item.email}</span>}
      </p>
      {item.title && <p className="font-semibold break-words text-gray-900">{item.title}</p>}
      <p className="whitespace-pre-line break-words text-gray-800">{item.text}</p>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <SelectField<TStatus>
          label={t('feedback.admin.status')}
          value={status}
          onValueChange={setStatus}
          options={FEEDBACK_STATUSES.map((s) => ({ value: s, label: t(`feedback.statuses.${s}`) }))}
          data-testid="admin-feedback-status"
        />
        <TextAreaField label={t('feedback.answer')} value={answer} onValueChange={setAnswer} rows={3} maxLength={4000} data-testid="admin-feedback-answer" />
        <Button type="submit" busy={save.isPending} data-testid="admin-feedback-save">
          {t('feedback.admin.save')}
        </Button>
      </form>
    </li>
  );
}

/** /admin/dashboard/teacher-feedback: what teachers sent from their dashboard, newest first. */
export function AdminFeedbackPage() {
  const { t } = useTranslation('notifications');
  const list = useQuery(adminFeedbackQuery);
  return (
    <div className="space-y-6">
      <PageTitle title={t('feedback.admin.title')} subtitle={t('feedback.admin.intro')} />
      {list.isPending ? (
        <LoadingBlock />
      ) : list.isError ? (
        <QueryError query={list} />
      ) : list.data.feedback.length === 0 ? (
        <p className="text-gray-600">{t('feedback.none')}</p>
      ) : (
        <ul className="space-y-3">
          {list.data.feedback.map((item) => (
            <FeedbackItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
