import { useTranslation } from 'react-i18next';
import { Card, CardHeader } from '@web/components/ui/card';
import { MailIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { useSession } from '@web/components/area/session';
import { InviteAdminForm } from './components/invite-admin-form';
import { Overview } from './components/overview';

/** The admin area's first screen: the platform in numbers, sign-ups of the last 30 days, and a quick invite. */
export function AdminDashboardPage() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  return (
    <div className="space-y-6">
      <PageTitle title={t('common:pages.adminDashboard')} heading={t('admin.welcome', { name: session.user.name })} subtitle={t('admin.subtitle')} />
      <Overview />
      <Card aria-labelledby="invite-title" className="max-w-2xl">
        <CardHeader id="invite-title" title={t('admin.invite.title')} description={t('admin.invite.description')} icon={<MailIcon />} />
        <InviteAdminForm />
      </Card>
    </div>
  );
}
