import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { useCourseFormat } from '@web/components/ui/course-kit';
import { codesApi } from '@web/features/codes/api';
import { courseKeys } from '@web/lib/course-queries';

/** The token rides in the fragment (never sent to a server); taken off the address at once, out of screenshots and history. */
function takeToken(): string | null {
  const token = window.location.hash.slice(1);
  if (!token) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}

/**
 * The waiting-codes e-mail's page (decision 137). Opening it changes nothing: it lists the codes the e-mail
 * named that still wait, with one button that confirms them all and one per code.
 */
export function WaitingCodesPage() {
  const { t } = useTranslation('courses');
  const [token] = useState(takeToken);
  return (
    <div className="space-y-6">
      <meta name="referrer" content="no-referrer" />
      <PageTitle title={t('waitingLink.title')} />
      <Card aria-labelledby="waiting-title" data-testid="waiting-codes">
        <CardHeader id="waiting-title" title={t('waitingLink.title')} description={t('waitingLink.help')} />
        {token ? <Waiting token={token} /> : <Notice tone="info">{t('waitingLink.noToken')}</Notice>}
        <Link to="/teacher/codes" className="text-sm font-medium text-primary-700 underline">
          {t('waitingLink.back')}
        </Link>
      </Card>
    </div>
  );
}

function Waiting({ token }: { token: string }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const named = useQuery({ queryKey: ['waiting-link', token], queryFn: () => codesApi.waitingLink(token), retry: false, staleTime: Infinity });
  const [confirmedIds, setConfirmedIds] = useState<string[]>([]);
  const all = useMutation({
    mutationFn: () => codesApi.confirmAllCodeRequests(token),
    onSuccess: (result) => notify.success(t('waitingLink.done', { count: result.confirmed })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
  const one = useMutation({
    mutationFn: (id: string) => codesApi.confirmCodeRequest(id),
    onSuccess: (_r, id) => setConfirmedIds((ids) => [...ids, id]),
    onError: (error: unknown) => notify.error(errorText(error)),
  });
  if (named.isPending) return <Skeleton className="h-24" />;
  // Once confirmed, the link is spent: the result stays on screen whatever a later read of the link says.
  if (all.data) {
    const names = new Map((named.data?.requests ?? []).map((r) => [r.id, r.name]));
    return (
      <div className="space-y-2" data-testid="waiting-done">
        <Notice tone="success">{t('waitingLink.done', { count: all.data.confirmed })}</Notice>
        {all.data.failed.map((f) => (
          <p key={f.id} className="text-sm text-amber-900">
            {t('waitingLink.failed', { name: names.get(f.id) ?? '', error: t(`errors:codes.${f.error}`) })}
          </p>
        ))}
      </div>
    );
  }
  if (named.isError)
    return (
      <Notice tone="error" testId="waiting-error">
        {errorText(named.error)}
      </Notice>
    );
  if (all.isError)
    return (
      <Notice tone="error" testId="waiting-error">
        {errorText(all.error)}
      </Notice>
    );
  const open = named.data.requests.filter((r) => !confirmedIds.includes(r.id));
  if (open.length === 0) return <Notice tone="info">{t('waitingLink.none')}</Notice>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-gray-200">
        {open.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="waiting-code">
            <span className="min-w-0 flex-1 break-words">{t('waitingLink.item', { name: r.name, last2: r.last2, date: format.dateTime(r.createdAt) })}</span>
            <Button size="sm" variant="ghost" onClick={() => one.mutate(r.id)} busy={one.isPending && one.variables === r.id} data-testid="waiting-confirm-one">
              {t('requests.confirm')}
            </Button>
          </li>
        ))}
      </ul>
      <Button onClick={() => all.mutate()} busy={all.isPending} data-testid="waiting-confirm-all">
        {t('waitingLink.confirmAll', { count: open.length })}
      </Button>
    </div>
  );
}
