import { useTranslation } from 'react-i18next';
import { PageTitle } from '@web/components/ui/page-heading';
import { NotificationList } from './notification-list';
import { PreferencesForm } from './preferences-form';

/** /teacher/notifications, the student's and the admin's: the list, then the settings (issue 26). */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <div className="space-y-8">
      <PageTitle title={t('page.title')} subtitle={t('page.intro')} />
      <NotificationList />
      <PreferencesForm />
    </div>
  );
}
