import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@web/components/ui/confirm-button';
import { useErrorText } from '@web/lib/api-errors';
import { Card, CardHeader } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { isolate, useDateFormat } from '@web/lib/format';
import { MailIcon, ShieldIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { notify } from '@web/lib/notify';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { Badge } from '@web/components/ui/badge';
import { useDateTimeFormat } from './components/datetime';
import { InviteAdminForm } from './components/invite-admin-form';
import { adminApi, adminKeys, adminsQuery, type TAdminsList } from './api';

type TAdmin = TAdminsList['admins'][number];
type TInvitation = TAdminsList['invitations'][number];

/** A pending invitation, with a way to withdraw it (its link stops working at once). */
function InvitationRow({ invitation }: { invitation: TInvitation }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const formatDateTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const cancel = async () => {
    try {
      await adminApi.cancelInvitation(invitation.id);
      notify.success(t('admins.invitationCancelled'));
    } catch (error) {
      notify.error(errorText(error));
    }
    // Refreshed either way: an invitation used or cancelled meanwhile leaves the list too.
    await queryClient.invalidateQueries({ queryKey: adminKeys.admins });
  };
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg bg-gray-50 px-3 py-2" data-testid="pending-invitation">
      <div className="min-w-0 flex-1">
        <bdi dir="ltr" className="block truncate font-medium text-gray-900">
          {invitation.email}
        </bdi>
        <span className="text-xs text-gray-600">{t('admins.expires', { date: formatDateTime(invitation.expiresAt), name: invitation.invitedBy ?? '' })}</span>
      </div>
      <ConfirmButton
        cancelLabel={t('common.cancel')}
        label={t('admins.cancelInvitation')}
        title={t('admins.cancelInvitationTitle', { email: isolate(invitation.email) })}
        body={t('admins.cancelInvitationBody')}
        confirmLabel={t('admins.cancelInvitation')}
        variant="danger"
        onConfirm={cancel}
        testId="cancel-invitation"
      />
    </li>
  );
}

function AdminRow({ admin, activeCount }: { admin: TAdmin; activeCount: number }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const formatDate = useDateFormat();
  const formatDateTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const revoke = async () => {
    try {
      await adminApi.revokeAdmin(admin.id);
      notify.success(t('admins.revoked', { name: admin.name }));
      await queryClient.invalidateQueries({ queryKey: adminKeys.admins });
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 border-b border-gray-100 py-3 last:border-b-0" data-testid="admin-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold text-gray-900">
          {admin.name}
          {admin.isYou && <Badge tone="blue">{t('admins.you')}</Badge>}
          {admin.banned && <Badge tone="red">{t('admins.banned')}</Badge>}
        </p>
        <bdi dir="ltr" className="block truncate text-sm text-gray-600">
          {admin.email}
        </bdi>
        <p className="text-xs text-gray-500">
          {t('admins.since', { date: formatDate(admin.createdAt) })}
          {' · '}
          {admin.lastLoginAt ? t('admins.lastLogin', { date: formatDateTime(admin.lastLoginAt) }) : t('admins.neverLoggedIn')}
        </p>
      </div>
      {!admin.isYou && (
        <ConfirmButton
          cancelLabel={t('common.cancel')}
          label={t('admins.revoke')}
          title={t('admins.revokeTitle', { name: admin.name })}
          body={t('admins.revokeBody')}
          confirmLabel={t('admins.revoke')}
          variant="danger"
          disabled={activeCount <= 1}
          onConfirm={revoke}
          testId="revoke-admin"
        />
      )}
    </li>
  );
}

function AdminsList({ data }: { data: TAdminsList }) {
  const { t } = useTranslation('admin');
  const activeCount = data.admins.filter((a) => !a.banned).length;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby="admins-title">
        <CardHeader id="admins-title" title={t('admins.listTitle')} description={t('admins.lastAdminRule')} icon={<ShieldIcon />} />
        <ul data-testid="admins-list">
          {data.admins.map((a) => (
            <AdminRow key={a.id} admin={a} activeCount={activeCount} />
          ))}
        </ul>
      </Card>
      <Card aria-labelledby="invite-admin-title">
        <CardHeader id="invite-admin-title" title={t('admins.inviteTitle')} description={t('admins.inviteDescription')} icon={<MailIcon />} />
        <InviteAdminForm />
        <h3 className="mt-6 mb-2 text-sm font-bold text-gray-800">{t('admins.pending')}</h3>
        {data.invitations.length === 0 ? (
          <p className="text-sm text-gray-600">{t('admins.noPending')}</p>
        ) : (
          <ul className="space-y-2 text-sm" data-testid="pending-invitations">
            {data.invitations.map((i) => (
              <InvitationRow key={i.id} invitation={i} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** Who can run the platform: the admins, their invitations, and revoking one (never the last). */
export function AdminAdminsPage() {
  const { t } = useTranslation('admin');
  const admins = useQuery(adminsQuery);
  return (
    <div className="space-y-6">
      <PageTitle title={t('admins.title')} subtitle={t('admins.subtitle')} />
      {admins.isPending ? <LoadingBlock label={t('common.loading')} /> : admins.isError ? <QueryError query={admins} /> : <AdminsList data={admins.data} />}
    </div>
  );
}
