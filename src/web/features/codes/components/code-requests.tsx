import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@web/lib/api-errors';
import { Button } from '@web/components/ui/button';
import { cx } from '@web/lib/cx';
import { notify } from '@web/lib/notify';
import { codesApi, codeRequestsQuery, type TCodeRequests } from '@web/features/codes/api';
import { courseKeys } from '@web/lib/course-queries';
import { useCourseFormat } from '@web/components/ui/course-kit';

/**
 * Teacher-confirmed mode (docs/decisions/031): once a platform's daily budget of wrong codes is spent (a
 * budget that shrinks as live cards grow), codes typed there wait here. The teacher sees the budget, who
 * typed what and which card it matches, and confirms only the students they sold a card to.
 */
export function CodeRequests() {
  const requests = useQuery(codeRequestsQuery);
  if (!requests.data) return null;
  return (
    <>
      <Safety safety={requests.data.safety} />
      {requests.data.total > 0 ? <Requests data={requests.data} /> : null}
    </>
  );
}

/**
 * The budget, and under a guessing attack (decision 084) what it means for the teacher's students, with the
 * way out: immediate answers again, once in 24 hours.
 */
function Safety({ safety }: { safety: TCodeRequests['safety'] }) {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const format = useCourseFormat();
  const reopen = useMutation({
    mutationFn: () => codesApi.reopenGuessing(),
    onSuccess: () => notify.success(t('requests.safety.reopened')),
    onError: (error: unknown) => notify.error(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  const tone = safety.underAttack ? 'border-red-300 bg-red-50' : safety.wrongPerDay === 0 ? 'border-amber-300 bg-amber-50' : 'border-gray-200 bg-white';
  return (
    <div
      className={cx('space-y-2 rounded-xl border p-4 text-sm text-gray-700', tone)}
      data-testid="code-safety"
      data-wrong-per-day={safety.wrongPerDay}
      data-under-attack={safety.underAttack}
    >
      <p>
        <span className="block font-bold text-gray-900">{t('requests.safety.title')}</span>
        {safety.wrongPerDay === 0
          ? t('requests.safety.closed', { count: safety.closedAbove })
          : t('requests.safety.open', { live: safety.live, count: safety.wrongPerDay })}
      </p>
      {safety.underAttack ? (
        <div className="space-y-2" data-testid="under-attack">
          <p className="font-bold text-red-900">
            {t('requests.safety.attack', { wrong: format.number(safety.today.wrong), until: format.dateTime(safety.today.until) })}
          </p>
          <p>{t('requests.safety.reopenHelp')}</p>
          {safety.reopenFrom ? (
            <p className="font-medium text-gray-900">{t('requests.safety.reopenFrom', { date: format.dateTime(safety.reopenFrom) })}</p>
          ) : (
            <Button size="sm" onClick={() => reopen.mutate()} busy={reopen.isPending} data-testid="reopen-guessing">
              {t('requests.safety.reopen')}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Confirming or rejecting one request, or confirming every waiting one; each refreshes the courses after. */
function useRequestActions() {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const settle = { onError: (error: unknown) => notify.error(errorText(error)), onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }) };
  const confirm = useMutation({
    mutationFn: (r: { id: string; name: string }) => codesApi.confirmCodeRequest(r.id),
    onSuccess: (_result, r) => notify.success(t('requests.confirmed', { name: r.name })),
    ...settle,
  });
  const reject = useMutation({
    mutationFn: (id: string) => codesApi.rejectCodeRequest(id),
    onSuccess: () => notify.success(t('requests.rejected')),
    ...settle,
  });
  // Every code waiting now, each confirmed as its own button would (decision 137); those that cannot be stay listed.
  const confirmAll = useMutation({
    mutationFn: () => codesApi.confirmAllCodeRequests(),
    onSuccess: (result) => notify.success(t('waitingLink.done', { count: result.confirmed })),
    ...settle,
  });
  return { confirm, reject, confirmAll };
}

function Requests({ data }: { data: TCodeRequests }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const { confirm, reject, confirmAll } = useRequestActions();
  const pending = data.requests.filter((r) => r.status === 'pending').length;
  return (
    <section className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5 shadow-sm sm:p-6" data-testid="code-requests">
      <div>
        <h2 className="font-bold text-gray-900">{t('requests.title')}</h2>
        <p className="text-sm text-gray-700">{t('requests.help')}</p>
        {pending > 1 ? (
          <Button size="sm" className="mt-2" onClick={() => confirmAll.mutate()} busy={confirmAll.isPending} data-testid="confirm-all-requests">
            {t('waitingLink.confirmAll', { count: data.total })}
          </Button>
        ) : null}
      </div>
      <ul className="divide-y divide-amber-200">
        {data.requests.map((r) => {
          // A card not marked sold can be confirmed too: confirming records the cash sale (decision 055).
          const usable = r.code !== null && (r.code.state === 'unused' || r.code.state === 'sold');
          return (
            <li key={r.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="code-request" data-reason={r.reason}>
              <div className="min-w-0 flex-1 text-sm">
                <p className="break-words font-bold text-gray-900">
                  {r.student.name} <bdi className="font-normal text-gray-600">{r.student.email}</bdi>
                </p>
                <p className="text-gray-700">
                  {t('requests.typed', { last2: r.last2, date: format.dateTime(r.createdAt) })}
                  {r.reason === 'cash' ? (
                    <span className="ms-2 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-amber-900">{t('requests.paidCash')}</span>
                  ) : null}
                </p>
                <p className="text-gray-700">
                  {r.code
                    ? t('requests.match', { n: r.code.serial, course: r.code.courseTitle, state: t(`codes.states.${r.code.state}`) })
                    : t('requests.noMatch')}
                  {r.code && !r.code.onSale ? ` · ${t('requests.notOnSale')}` : ''}
                </p>
                {r.code && !r.code.onSale && usable ? (
                  <p className="font-medium text-amber-900" data-testid="confirm-sells">
                    {t('requests.confirmSells', { n: r.code.serial, name: r.student.name })}
                  </p>
                ) : null}
              </div>
              <div className="flex gap-1.5">
                {usable ? (
                  <Button
                    size="sm"
                    onClick={() => confirm.mutate({ id: r.id, name: r.student.name })}
                    busy={confirm.isPending && confirm.variables.id === r.id}
                    data-testid="confirm-request"
                  >
                    {t('requests.confirm')}
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => reject.mutate(r.id)}
                  busy={reject.isPending && reject.variables === r.id}
                  data-testid="reject-request"
                >
                  {t('requests.reject')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
