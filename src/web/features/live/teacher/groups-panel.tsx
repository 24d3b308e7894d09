import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { CheckboxField, TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { groupsQuery, liveApi, liveKeys, membersQuery, pickableQuery, type TGroup } from '@web/features/live/api';

function useLiveMutation<A>(fn: (arg: A) => Promise<unknown>, done?: string) {
  const { t } = useTranslation('live');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => (done ? notify.success(t(done)) : undefined),
    onError: (error) => notify.error(errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.all }),
  });
}

/** The teacher's students with a tick box each: several are added to the group at once (search narrows). */
function AddStudents({ group }: { group: TGroup }) {
  const { t } = useTranslation('live');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const students = useQuery(pickableQuery(q));
  const add = useLiveMutation((ids: string[]) => liveApi.addMembers(group.id, ids).then(() => setPicked([])), 'groups.added');
  const candidates = (students.data ?? []).filter((s) => !s.groupIds.includes(group.id));
  return (
    <div className="space-y-2 rounded-xl border border-gray-200 p-3" data-testid="add-students">
      <TextField label={t('groups.search')} type="search" value={q} onValueChange={setQ} />
      {candidates.length === 0 ? <p className="text-sm text-gray-600">{t('groups.noneToAdd')}</p> : null}
      <div className="max-h-64 overflow-y-auto">
        {candidates.map((s) => (
          <CheckboxField
            key={s.id}
            className="flex"
            label={`${s.name} — ${s.email}`}
            checked={picked.includes(s.id)}
            onCheckedChange={(on) => setPicked(on ? [...picked, s.id] : picked.filter((id) => id !== s.id))}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setPicked(candidates.map((s) => s.id))} disabled={candidates.length === 0}>
          {t('groups.pickAll')}
        </Button>
        <Button size="sm" onClick={() => add.mutate(picked)} busy={add.isPending} disabled={picked.length === 0} data-testid="add-picked">
          {t('groups.addPicked', { count: picked.length })}
        </Button>
      </div>
    </div>
  );
}

function GroupCard({ group }: { group: TGroup }) {
  const { t } = useTranslation('live');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(group.name);
  const members = useQuery({ ...membersQuery(group.id), enabled: open });
  const rename = useLiveMutation((n: string) => liveApi.renameGroup(group.id, n), 'groups.renamed');
  const remove = useLiveMutation(() => liveApi.deleteGroup(group.id), 'groups.deleted');
  const removeMember = useLiveMutation((studentId: string) => liveApi.removeMember(group.id, studentId));
  return (
    <li className="space-y-3 rounded-2xl border border-gray-200 bg-white p-4" data-testid="group">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-words font-bold text-gray-900">
          {group.name} <span className="text-sm font-normal text-gray-600">({t('groups.members', { count: group.members })})</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setOpen(!open)} aria-expanded={open} data-testid="group-open">
            {open ? t('groups.close') : t('groups.manage')}
          </Button>
          <ConfirmButton
            variant="ghost"
            label={t('groups.delete')}
            title={t('groups.deleteTitle', { name: group.name })}
            body={t('groups.deleteBody')}
            confirmLabel={t('groups.delete')}
            cancelLabel={t('back')}
            onConfirm={() => remove.mutateAsync()}
          />
        </div>
      </div>
      {open ? (
        <div className="space-y-3">
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              rename.mutate(name);
            }}
          >
            <TextField label={t('groups.name')} value={name} onValueChange={setName} className="min-w-0 flex-1" />
            <Button type="submit" variant="secondary" busy={rename.isPending}>
              {t('groups.rename')}
            </Button>
          </form>
          {members.isPending ? <Skeleton className="h-16" /> : members.isError ? <QueryError query={members} /> : null}
          <ul className="divide-y divide-gray-100" data-testid="group-members">
            {members.data?.members.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 break-words">
                  {m.name} <bdi className="text-gray-600">{m.email}</bdi>
                </span>
                <Button size="sm" variant="ghost" onClick={() => removeMember.mutate(m.id)}>
                  {t('groups.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <AddStudents group={group} />
        </div>
      ) : null}
    </li>
  );
}

/** Student groups: spec §6 keeps them out of the basic plan, so there the panel shows the way to upgrade. */
export function GroupsPanel() {
  const { t } = useTranslation('live');
  const groups = useQuery(groupsQuery);
  const [name, setName] = useState('');
  const create = useLiveMutation((n: string) => liveApi.createGroup(n).then(() => setName('')), 'groups.created');
  if (groups.isPending) return <Skeleton className="h-48" />;
  if (groups.isError) return <QueryError query={groups} />;
  if (!groups.data.allowed) {
    return (
      <Card data-testid="groups-locked">
        <CardHeader title={t('groups.title')} />
        <Notice>{t('errors:codes.LIVE_GROUPS_PLAN')}</Notice>
        <Link to="/payment" className={buttonClass('primary', 'md', 'mt-4')}>
          {t('groups.upgrade')}
        </Link>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader title={t('groups.title')} description={t('groups.description')} />
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            create.mutate(name);
          }}
        >
          <TextField
            label={t('groups.newName')}
            placeholder={t('groups.placeholder')}
            value={name}
            onValueChange={setName}
            className="min-w-0 flex-1"
            data-testid="group-name"
          />
          <Button type="submit" busy={create.isPending} disabled={!name.trim()} data-testid="group-create">
            {t('groups.create')}
          </Button>
        </form>
      </Card>
      {groups.data.groups.length === 0 ? (
        <EmptyState title={t('groups.emptyTitle')} body={t('groups.emptyBody')} />
      ) : (
        <ul className="space-y-3">
          {groups.data.groups.map((g) => (
            <GroupCard key={g.id} group={g} />
          ))}
        </ul>
      )}
    </div>
  );
}
