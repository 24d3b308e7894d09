import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_ROLES, type TStaffRole } from '@shared/staff';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { staffApi, staffKeys, type TTeam } from '@web/features/staff/api';

/** Invites a person by e-mail with a role; when every seat is taken it says so with the way to a larger plan. */
export function InviteForm({ seats }: { seats: TTeam['seats'] }) {
  const { t } = useTranslation('staff');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TStaffRole>('assistant');
  const invite = useMutation({
    mutationFn: () => staffApi.invite(email.trim(), role),
    onSuccess: async () => {
      notify.success(t('page.sent', { email: email.trim() }));
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (e) => notify.error(errorText(e)),
  });
  const used = seats.members + seats.invitations;
  const full = used >= seats.limit;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <Card aria-labelledby="invite-title">
      <CardHeader
        id="invite-title"
        title={t('page.invite')}
        description={seats.limit > 0 ? t('page.seats', { used, limit: seats.limit }) : t('page.seatsNone')}
      />
      {full ? (
        <Link to="/dashboard/billing" className="font-medium text-primary-700 underline" data-testid="staff-upgrade">
          {t('page.upgrade')}
        </Link>
      ) : (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end" data-testid="staff-invite-form">
          <TextField label={t('page.email')} type="email" required value={email} onValueChange={setEmail} dir="ltr" data-testid="staff-invite-email" />
          <SelectField
            label={t('page.role')}
            value={role}
            onValueChange={setRole}
            options={STAFF_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            data-testid="staff-invite-role"
          />
          <Button type="submit" busy={invite.isPending} data-testid="staff-invite-send">
            {t('page.send')}
          </Button>
          <p className="text-sm text-gray-600 sm:col-span-3">{t(`roleHints.${role}`)}</p>
        </form>
      )}
    </Card>
  );
}
