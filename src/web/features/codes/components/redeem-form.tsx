import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@web/lib/api-errors';
import { ApiError } from '@web/lib/api-error';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { notify } from '@web/lib/notify';
import { codesApi, myCodeRequestsQuery } from '@web/features/codes/api';
import { courseKeys } from '@web/lib/course-queries';
import { useStudentPaths } from '@web/lib/student-paths';
import { useCourseFormat } from '@web/components/ui/course-kit';
import { Badge } from '@web/components/ui/badge';
import { cx } from '@web/lib/cx';

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
  const [code, setCode] = useState('');
  const [card, setCard] = useState('');
  const redeem = useMutation({
    mutationFn: () => codesApi.redeem({ code, ...(card.trim() ? { card } : {}), ...(platform ? { platform } : {}) }),
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
    mutationFn: () => codesApi.sendCodeToTeacher({ code, ...(platform ? { platform } : {}) }),
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
        <CardNumberField value={card} onChange={setCard} />
        <label htmlFor="redeem-code" className="block text-sm font-medium text-gray-800">
          {t('redeem.label')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <DigitsInput
            id="redeem-code"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            placeholder={t('redeem.placeholder')}
            hintId="redeem-hint"
            wide
          />
          <Button type="submit" busy={redeem.isPending} data-testid="redeem-submit">
            {t('redeem.submit')}
          </Button>
        </div>
        <p id="redeem-hint" className="text-xs text-gray-500">
          {t('redeem.hint')}
        </p>
        <RedeemOutcome
          pending={Boolean(redeem.data?.pending) || send.isSuccess}
          error={redeem.isError ? redeem.error : null}
          wrong={wrong}
          sending={send.isPending}
          onSend={() => send.mutate()}
          sendError={send.isError ? send.error : null}
        />
      </form>
      <MyCodeRequests platform={platform} />
    </>
  );
}

/** A code or card number: digits, left to right, large and centred, described by its hint. */
function DigitsInput(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  placeholder: string;
  hintId: string;
  wide?: boolean;
}) {
  return (
    <input
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      inputMode="numeric"
      autoComplete={props.autoComplete}
      dir="ltr"
      maxLength={40}
      placeholder={props.placeholder}
      aria-describedby={props.hintId}
      className={cx(
        'block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-center font-mono text-xl text-gray-900 focus:outline-2 focus:outline-primary-500 sm:max-w-xs',
        props.wide ? 'tracking-widest' : 'tracking-wider',
      )}
    />
  );
}

/** The number printed on the card (cards printed before numbers have none: decision 105). */
function CardNumberField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('courses');
  return (
    <>
      <label htmlFor="redeem-card" className="block text-sm font-medium text-gray-800">
        {t('redeem.cardLabel')}
      </label>
      <DigitsInput id="redeem-card" value={value} onChange={onChange} autoComplete="off" placeholder={t('redeem.cardPlaceholder')} hintId="redeem-card-hint" />
      <p id="redeem-card-hint" className="text-xs text-gray-500">
        {t('redeem.cardHint')}
      </p>
    </>
  );
}

/** What came of the code: waiting for the teacher, refused, or (for a code taken for a typo) a way to send it anyway. */
function RedeemOutcome(props: { pending: boolean; error: unknown; wrong: boolean; sending: boolean; onSend: () => void; sendError: unknown }) {
  const { t } = useTranslation('courses');
  const errorText = useErrorText();
  const { pending, error, wrong, sending, onSend, sendError } = props;
  return (
    <>
      {pending ? (
        <Notice tone="info" testId="redeem-pending">
          {t('redeem.pending')}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" testId="redeem-error">
          {errorText(error)}
        </Notice>
      ) : null}
      {wrong ? (
        <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-gray-800" data-testid="send-to-teacher">
          <p>{t('redeem.paidHelp')}</p>
          <Button size="sm" variant="secondary" busy={sending} onClick={onSend} data-testid="send-to-teacher-submit">
            {t('redeem.sendToTeacher')}
          </Button>
        </div>
      ) : null}
      {sendError ? (
        <Notice tone="error" testId="send-error">
          {errorText(sendError)}
        </Notice>
      ) : null}
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
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700"
            data-testid="my-code-request"
            data-status={r.status}
          >
            <span className="min-w-0">{t('redeem.requests.item', { last2: r.last2, date: format.dateTime(r.createdAt) })}</span>
            <Badge tone={REQUEST_TONES[r.status as keyof typeof REQUEST_TONES] ?? 'gray'}>{t(`redeem.requests.status.${r.status}`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
