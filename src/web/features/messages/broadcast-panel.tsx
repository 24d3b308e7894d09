import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BROADCAST_AUDIENCES } from '@shared/schemas/messages';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextAreaField } from '@web/components/ui/form-field';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { broadcastsQuery, broadcastTargetsQuery, coursesQuery, messageKeys, sendBroadcast } from './api';

type TAudience = (typeof BROADCAST_AUDIENCES)[number];

/** The past announcements, newest first, with their counts (read again every few seconds while one is sending). */
function BroadcastHistory() {
  const { t } = useTranslation('notifications');
  const date = useDateFormat();
  const history = useQuery(broadcastsQuery);
  return (
    <section aria-labelledby="broadcast-history" className="space-y-2">
      <h2 id="broadcast-history" className="text-lg font-bold text-gray-900">
        {t('broadcast.history')}
      </h2>
      {history.isError && <QueryError query={history} />}
      {history.data?.broadcasts.length === 0 && <p className="text-gray-600">{t('broadcast.none')}</p>}
      <ul className="space-y-2">
        {history.data?.broadcasts.map((b) => (
          <li key={b.id} data-testid="broadcast-row" className="rounded-xl border border-gray-200 bg-white p-3">
            <p className="text-xs text-gray-600">
              {t(`broadcast.audiences.${b.audience}`)}
              {b.course ? ` · ${b.course}` : ''}
              {b.plan ? ` · ${t(`broadcast.types.${b.plan}`)}` : ''}
              {b.group ? ` · ${b.group}` : ''} · <time dateTime={b.createdAt}>{date(b.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{b.body}</p>
            <p className="mt-1 text-sm font-semibold text-gray-800" data-testid="broadcast-counts">
              {b.sending
                ? t('broadcast.sending', { delivered: b.delivered, recipients: b.recipients })
                : t('broadcast.counts', { delivered: b.delivered, read: b.read })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An announcement to all students, a course, a plan, a live group, or by subscription status; then the past ones with their counts. */
export function BroadcastPanel() {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const client = useQueryClient();
  const courses = useQuery(coursesQuery);
  const targets = useQuery(broadcastTargetsQuery);
  const [audience, setAudience] = useState<TAudience>('all');
  const [courseId, setCourseId] = useState('');
  const [planId, setPlanId] = useState('');
  const [groupId, setGroupId] = useState('');
  const [body, setBody] = useState('');
  const course = audience === 'course' ? courseId || courses.data?.[0]?.id : undefined;
  const plan = audience === 'plan' ? planId || targets.data?.plans[0]?.planId : undefined;
  const group = audience === 'group' ? groupId || targets.data?.groups[0]?.id : undefined;
  const missing = (audience === 'course' && !course) || (audience === 'plan' && !plan) || (audience === 'group' && !group);
  const send = useMutation({
    mutationFn: () =>
      sendBroadcast({ audience, body, ...(course ? { courseId: course } : {}), ...(plan ? { planId: plan } : {}), ...(group ? { groupId: group } : {}) }),
    onSuccess: async (r) => {
      notify.success(t('broadcast.sent', { n: r.recipients }));
      setBody('');
      await client.invalidateQueries({ queryKey: messageKeys.all });
    },
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <div className="space-y-6">
      <section aria-labelledby="broadcast-title" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
        <h2 id="broadcast-title" className="text-lg font-bold text-gray-900">
          {t('broadcast.title')}
        </h2>
        <p className="text-sm text-gray-600">{t('broadcast.intro')}</p>
        <SelectField<TAudience>
          label={t('broadcast.audience')}
          value={audience}
          options={BROADCAST_AUDIENCES.map((a) => ({ value: a, label: t(`broadcast.audiences.${a}`) }))}
          onValueChange={setAudience}
          data-testid="broadcast-audience"
        />
        {audience === 'course' && (
          <SelectField
            label={t('broadcast.course')}
            value={course ?? ''}
            options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            onValueChange={setCourseId}
            data-testid="broadcast-course"
          />
        )}
        {audience === 'plan' && (
          <SelectField
            label={t('broadcast.plan')}
            value={plan ?? ''}
            options={(targets.data?.plans ?? []).map((p) => ({ value: p.planId, label: `${p.course} · ${t(`broadcast.types.${p.type}`)}` }))}
            onValueChange={setPlanId}
            data-testid="broadcast-plan"
          />
        )}
        {audience === 'group' &&
          (targets.data?.groups.length === 0 ? (
            <p className="text-sm text-gray-600">{t('broadcast.noGroups')}</p>
          ) : (
            <SelectField
              label={t('broadcast.group')}
              value={group ?? ''}
              options={(targets.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
              onValueChange={setGroupId}
              data-testid="broadcast-group"
            />
          ))}
        <TextAreaField label={t('broadcast.body')} value={body} onValueChange={setBody} maxLength={4000} rows={4} data-testid="broadcast-body" />
        <Button busy={send.isPending} disabled={!body.trim() || missing} onClick={() => send.mutate()} data-testid="broadcast-send">
          {t('broadcast.send')}
        </Button>
      </section>
      <BroadcastHistory />
    </div>
  );
}
