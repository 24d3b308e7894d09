import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { teamQuery } from '@web/features/staff/api';
import { AuditList } from './components/audit-list';
import { InviteForm } from './components/invite-form';
import { TeamList } from './components/team-list';

/** /dashboard/staff: the teacher's team (issue 28): invite, roles, revoke, remove, and the activity log by person. */
export function TeamPage() {
  const { t } = useTranslation('staff');
  const team = useQuery(teamQuery);
  return (
    <div className="space-y-6">
      <PageTitle title={t('page.title')} subtitle={t('page.subtitle')}>
        {/* The help page: roles in plain words, seats, switching platforms, the activity log (issue 28). */}
        <a href="/documentation/students/team" className="text-sm text-primary-700 underline" data-testid="staff-help">
          {t('page.help')}
        </a>
      </PageTitle>
      {team.isError && <QueryError query={team} />}
      {team.isPending && <LoadingBlock />}
      {team.data && (
        <>
          <InviteForm seats={team.data.seats} />
          <TeamList team={team.data} />
          <AuditList />
        </>
      )}
    </div>
  );
}
