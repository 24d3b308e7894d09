import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type TStaffRole } from '@shared/staff';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { SelectField } from '@web/components/ui/form-field';
import { useErrorText } from '@web/lib/api-errors';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';
import { staffApi, staffKeys, type TTeam } from '@web/features/staff/api';

type TMember = TTeam['members'][number];

function useDone(message: string) {
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return {
    onSuccess: async () => {
      notify.success(message);
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (e: unknown) => notify.error(errorText(e)),
  };
}

function MemberRow({ member }: { member: TMember }) {
  const { t } = useTranslation('staff');
  const [role, setRole] = useState(member.role as TStaffRole);
  const change = useMutation({ mutationFn: () => staffApi.changeRole(member.id, role), ...useDone(t('page.changed')) });
  const remove = useMutation({ mutationFn: () => staffApi.remove(member.id), ...useDone(t('page.removed')) });
  return (
    <li className="flex flex-wrap items-end gap-3 py-3" data-testid="staff-member">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900">{member.name}</p>
        <p className="truncate text-sm text-gray-600" dir="ltr">
          {member.email}
        </p>
      </div>
      <SelectField
        label={t('page.role')}
        value={role}
        onValueChange={setRole}
        options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        data-testid="staff-member-role"
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={role === member.role}
        busy={change.isPending}
        onClick={() => change.mutate()}
        data-testid="staff-member-save"
      >
        {t('page.save')}
      </Button>
      <ConfirmButton
        label={t('page.remove')}
        title={t('page.remove')}
        body={member.name}
        confirmLabel={t('page.removeConfirm')}
        cancelLabel={t('page.cancel')}
        variant="danger"
        onConfirm={() => remove.mutateAsync()}
        testId="staff-member-remove"
      />
    </li>
  );
}

/** The members (role change, removal) and the invitations still waiting (revocable). */
export function TeamList({ team }: { team: TTeam }) {
  const { t } = useTranslation('staff');
  const formatDate = useDateFormat();
  const revoke = useMutation({ mutationFn: staffApi.revoke, ...useDone(t('page.revoked')) });
  return (
    <>
      <Card aria-labelledby="members-title">
        <CardHeader id="members-title" title={t('page.members')} />
        {team.members.length === 0 ? (
          <p className="text-sm text-gray-600">{t('page.noMembers')}</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {team.members.map((m) => (
              <MemberRow key={`${m.id}-${m.role}`} member={m} />
            ))}
          </ul>
        )}
      </Card>
      {team.invitations.length > 0 && (
        <Card aria-labelledby="invitations-title">
          <CardHeader id="invitations-title" title={t('page.invitations')} />
          <ul className="divide-y divide-gray-100">
            {team.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="staff-invitation">
                <span className="min-w-0 flex-1 truncate" dir="ltr">
                  {i.email}
                </span>
                <Badge tone="gray">{t(`roles.${i.role}`)}</Badge>
                <span className="text-sm text-gray-600">{i.expired ? t('page.expired') : t('page.expires', { date: formatDate(i.expiresAt) })}</span>
                <Button variant="ghost" size="sm" busy={revoke.isPending} onClick={() => revoke.mutate(i.id)} data-testid="staff-invitation-revoke">
                  {t('page.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
