import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateToAlgiersLocal } from '@shared/courses';
import { Button } from '@web/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { ApiError } from '@web/lib/api-error';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { groupsQuery, liveApi, liveKeys, providerQuery, teacherCoursesQuery, type TSessionDetail } from '@web/features/live/api';

type TSession = TSessionDetail['session'];

/** Tomorrow at 18:00 on the Algiers clock: evening classes are the common case. */
const defaultStart = () => `${dateToAlgiersLocal(new Date(Date.now() + 86_400_000)).slice(0, 10)}T18:00`;

function initial(session?: TSession) {
  return {
    title: session?.title ?? '',
    courseId: session?.courseId ?? '',
    startsAt: session ? dateToAlgiersLocal(session.startsAt) : defaultStart(),
    durationMinutes: String(session?.durationMinutes ?? 90),
    repeat: false,
    until: '',
    capacity: session?.capacity ? String(session.capacity) : '',
    lobby: session?.lobby ?? false,
    target: (session?.target ?? 'course') as 'course' | 'groups',
    groupIds: session?.groups.map((g) => g.id) ?? [],
    externalUrl: session?.externalUrl ?? '',
  };
}

type TValues = ReturnType<typeof initial>;
type TSet = <K extends keyof TValues>(key: K, value: TValues[K]) => void;

/** Who is invited: the whole course, or some of its groups (where the plan has groups). */
function AudienceFields({ v, set, error }: { v: TValues; set: TSet; error: string | undefined }) {
  const { t } = useTranslation('live');
  const groups = useQuery(groupsQuery).data;
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="text-sm font-medium text-gray-800">{t('form.target')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['course', 'groups'] as const).map((target) => (
          <label key={target} className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-800">
            <input
              type="radio"
              name="target"
              className="h-5 w-5 accent-primary-600"
              checked={v.target === target}
              onChange={() => set('target', target)}
              disabled={target === 'groups' && !groups?.allowed}
            />
            {t(`form.targets.${target}`)}
          </label>
        ))}
      </div>
      {groups && !groups.allowed ? <p className="text-sm text-amber-800">{t('groups.planNote')}</p> : null}
      {v.target === 'groups' ? (
        <div className="flex flex-wrap gap-x-4" data-testid="session-groups">
          {groups?.groups.length ? null : <p className="text-sm text-gray-600">{t('form.noGroups')}</p>}
          {groups?.groups.map((g) => (
            <CheckboxField
              key={g.id}
              label={g.name}
              checked={v.groupIds.includes(g.id)}
              onCheckedChange={(on) => set('groupIds', on ? [...v.groupIds, g.id] : v.groupIds.filter((id) => id !== g.id))}
            />
          ))}
          {error ? <p className="w-full text-sm text-red-700">{error}</p> : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Creates the session (or its weekly series) or saves the one being edited, then says how many were scheduled. */
function useSaveSession(session: TSession | undefined, v: TValues, courseId: string, onDone: (ids: string[]) => void) {
  const { t } = useTranslation('live');
  const queryClient = useQueryClient();
  const common = {
    title: v.title,
    startsAt: v.startsAt,
    durationMinutes: Number(v.durationMinutes),
    capacity: v.capacity.trim() ? Number(v.capacity) : null,
    lobby: v.lobby,
    target: v.target,
    groupIds: v.target === 'groups' ? v.groupIds : [],
    externalUrl: v.externalUrl.trim(),
  };
  return useMutation({
    mutationFn: async () =>
      session
        ? [(await liveApi.updateSession(session.id, common)).id]
        : (await liveApi.createSessions({ ...common, courseId, repeatWeeklyUntil: v.repeat && v.until ? v.until : null })).sessionIds,
    onSuccess: async (ids) => {
      notify.success(session ? t('form.saved') : t('form.scheduled', { count: ids.length }));
      await queryClient.invalidateQueries({ queryKey: liveKeys.all });
      onDone(ids);
    },
  });
}

/** When: the start, the length, the seats, and (for a new session) a weekly repeat until a date. */
function WhenFields({ v, set, fields, isNew }: { v: TValues; set: TSet; fields: Record<string, string>; isNew: boolean }) {
  const { t } = useTranslation('live');
  return (
    <>
      <TextField
        label={t('form.startsAt')}
        hint={t('form.startsAtHint')}
        type="datetime-local"
        value={v.startsAt}
        onValueChange={(x) => set('startsAt', x)}
        error={fields.startsAt}
        required
        data-testid="session-start"
      />
      <TextField
        label={t('form.duration')}
        type="number"
        min={15}
        max={480}
        step={5}
        value={v.durationMinutes}
        onValueChange={(x) => set('durationMinutes', x)}
        error={fields.durationMinutes}
        data-testid="session-duration"
      />
      <TextField
        label={t('form.capacity')}
        hint={t('form.capacityHint')}
        type="number"
        min={1}
        max={1000}
        value={v.capacity}
        onValueChange={(x) => set('capacity', x)}
        error={fields.capacity}
      />
      {isNew ? (
        <div className="space-y-2 sm:col-span-2">
          <CheckboxField label={t('form.repeat')} checked={v.repeat} onCheckedChange={(x) => set('repeat', x)} data-testid="session-repeat" />
          {v.repeat ? (
            <TextField
              label={t('form.until')}
              type="date"
              value={v.until}
              onValueChange={(x) => set('until', x)}
              error={fields.repeatWeeklyUntil}
              data-testid="session-until"
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Schedules a session (or a weekly series), or edits and reschedules one occurrence. */
export function SessionForm({ session, onDone }: { session?: TSession; onDone: (ids: string[]) => void }) {
  const { t } = useTranslation('live');
  const errorText = useErrorText();
  const courses = useQuery(teacherCoursesQuery).data ?? [];
  const provider = useQuery(providerQuery).data;
  const [v, setV] = useState(() => initial(session));
  const set: TSet = (key, value) => setV((old) => ({ ...old, [key]: value }));
  const courseId = v.courseId || courses[0]?.id || '';
  const save = useSaveSession(session, v, courseId, onDone);
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const external = provider?.mode === 'external';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="session-form" noValidate>
      <TextField
        label={t('form.title')}
        value={v.title}
        onValueChange={(x) => set('title', x)}
        error={fields.title}
        required
        className="sm:col-span-2"
        data-testid="session-title"
      />
      {session ? null : (
        <SelectField
          label={t('form.course')}
          value={courseId}
          onValueChange={(x) => set('courseId', x)}
          options={courses.map((c) => ({ value: c.id, label: c.title }))}
          error={fields.courseId}
          data-testid="session-course"
        />
      )}
      <WhenFields v={v} set={set} fields={fields} isNew={!session} />
      <AudienceFields v={v} set={set} error={fields.groupIds} />
      <TextField
        label={external ? t('form.link') : t('form.linkOptional')}
        hint={external ? t('form.linkHint') : t('form.linkHintEmbedded')}
        type="url"
        dir="ltr"
        value={v.externalUrl}
        onValueChange={(x) => set('externalUrl', x)}
        error={fields.externalUrl}
        required={external}
        className="sm:col-span-2"
        data-testid="session-link"
      />
      {external ? null : <CheckboxField label={t('form.lobby')} checked={v.lobby} onCheckedChange={(x) => set('lobby', x)} className="sm:col-span-2" />}
      {save.error && Object.keys(fields).length === 0 ? (
        <Notice tone="error" className="sm:col-span-2">
          {errorText(save.error)}
        </Notice>
      ) : null}
      <div className="sm:col-span-2">
        {/* A new session needs the course list (its first course is preselected). */}
        <Button type="submit" busy={save.isPending} disabled={!session && !courseId} data-testid="session-save">
          {session ? t('form.save') : t('form.schedule')}
        </Button>
      </div>
    </form>
  );
}
