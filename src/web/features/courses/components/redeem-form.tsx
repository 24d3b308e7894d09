import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { ApiError } from '@web/lib/api-error';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';
import { coursesApi, courseKeys, myCodeRequestsQuery } from '@web/features/courses/api';
import { useStudentPaths } from '@web/lib/student-paths';
import { useCourseFormat } from './ui';
import { Badge } from '@web/components/ui/badge';

/**
 * Cash on delivery, the student's side: type the card number and the six digits from the card (spaces,
 * dashes and Arabic digits are fine; the server normalises them) and land on the course. A card printed
 * before card numbers goes without one (decision 105). When the code waits for the teacher (decision 031)
 * the answer is only that the teacher will confirm.
 */
export function RedeemForm({ platform }: { platform?: string }) {
  const { t } = useTranslation('courses');
  const paths = useStudentPaths();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [card, setCard] = useState('');
  const redeem = useMutation({
    mutationFn: () => coursesApi.redeem({ code, ...(card.trim() ? { card } : {}), ...(platform ? { platform } : {}) }),
    onSuccess: async (result) => {
      if (result.pending) {
        setCode('');
        setCard('');
        await queryClient.invalidateQueries({ queryKey: courseKeys.myCodeRequests });
        return;
      }
      notify.success(t('redeem.success', { course: result.courseTitle }));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      void navigate(paths.course(result.courseId));
    },
  });
  // "I paid for this card": a card the teacher forgot to mark sold is answered like a typo, so the
  // student can send the code to the teacher instead (decision 055); the answer is the same for any code.
  const send = useMutation({
    mutationFn: () => coursesApi.sendCodeToTeacher({ code, ...(platform ? { platform } : {}) }),
    onSuccess: async () => {
      setCode('');
      redeem.reset();
      await queryClient.invalidateQueries({ queryKey: courseKeys.myCodeRequests });
    },
  });
  const wrong = redeem.error instanceof ApiError && redeem.error.code === 'CODE_WRONG';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.reset();
    if (code.trim()) redeem.mutate();
  };
  return (
    <>
      <form onSubmit={submit} className="space-y-3" data-testid="redeem-form">
        <label htmlFor="redeem-card" className="block text-sm font-medium text-gray-800">
          {t('redeem.cardLabel')}
        </label>
        <input
          id="redeem-card"
          value={card}
          onChange={(e) => setCard(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={40}
          placeholder={t('redeem.cardPlaceholder')}
          aria-describedby="redeem-card-hint"
          className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-center font-mono text-xl tracking-wider text-gray-900 focus:outline-2 focus:outline-primary-500 sm:max-w-xs"
        />
        <p id="redeem-card-hint" className="text-xs text-gray-500">
          {t('redeem.cardHint')}
        </p>
        <label htmlFor="redeem-code" className="block text-sm font-medium text-gray-800">
          {t('redeem.label')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="redeem-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={40}
            placeholder={t('redeem.placeholder')}
            aria-describedby="redeem-hint"
            className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-center font-mono text-xl tracking-widest text-gray-900 focus:outline-2 focus:outline-primary-500 sm:max-w-xs"
          />
          <Button type="submit" busy={redeem.isPending} data-testid="redeem-submit">
            {t('redeem.submit')}
          </Button>
        </div>
        <p id="redeem-hint" className="text-xs text-gray-500">
          {t('redeem.hint')}
        </p>
        {redeem.data?.pending || send.isSuccess ? (
          <Notice tone="info" testId="redeem-pending">
            {t('redeem.pending')}
          </Notice>
        ) : null}
        {redeem.isError ? (
          <Notice tone="error" testId="redeem-error">
            {errorText(redeem.error)}
          </Notice>
        ) : null}
        {wrong ? (
          <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-gray-800" data-testid="send-to-teacher">
            <p>{t('redeem.paidHelp')}</p>
            <Button size="sm" variant="secondary" busy={send.isPending} onClick={() => send.mutate()} data-testid="send-to-teacher-submit">
              {t('redeem.sendToTeacher')}
            </Button>
          </div>
        ) : null}
        {send.isError ? (
          <Notice tone="error" testId="send-error">
            {errorText(send.error)}
          </Notice>
        ) : null}
      </form>
      <MyCodeRequests platform={platform} />
    </>
  );
}

const REQUEST_TONES = { pending: 'amber', confirmed: 'green', rejected: 'red' } as const;

/** Codes this student sent for the teacher's confirmation, so that a code typed in that mode is not lost from sight. */
function MyCodeRequests({ platform }: { platform?: string }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const requests = useQuery(myCodeRequestsQuery(platform));
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-4 space-y-2 border-t border-gray-100 pt-3" data-testid="my-code-requests">
      <p className="text-sm font-bold text-gray-900">{t('redeem.requests.title')}</p>
      <ul className="space-y-1.5">
        {list.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700" data-testid="my-code-request" data-status={r.status}>
            <span className="min-w-0">{t('redeem.requests.item', { last2: r.last2, date: format.dateTime(r.createdAt) })}</span>
            <Badge tone={REQUEST_TONES[r.status as keyof typeof REQUEST_TONES] ?? 'gray'}>{t(`redeem.requests.status.${r.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
