import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { useSession } from '@web/components/area/session';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { platformsQuery, staffApi } from '@web/features/staff/api';

/** /dashboard/platforms: a person who works on several platforms chooses the one they work on now. */
export function PlatformsPage() {
  const { t } = useTranslation('staff');
  const session = useSession();
  const errorText = useErrorText();
  const platforms = useQuery(platformsQuery);
  // A full reload: every screen and cached answer belongs to the platform left behind.
  const choose = useMutation({
    mutationFn: staffApi.choose,
    onSuccess: () => window.location.assign('/dashboard'),
    onError: (e) => notify.error(errorText(e)),
  });
  return (
    <div className="space-y-6">
      <PageTitle title={t('platforms.title')} subtitle={t('platforms.subtitle')} />
      {platforms.isError && <QueryError query={platforms} />}
      {platforms.isPending && <LoadingBlock />}
      <ul className="grid gap-3 sm:grid-cols-2">
        {platforms.data?.platforms.map((p) => {
          const current = p.id === session.teacher?.id;
          return (
            <li key={p.id}>
              <Card className="flex h-full flex-col gap-2" data-testid="staff-platform">
                <p className="font-bold text-gray-900">{p.name}</p>
                <p className="text-sm text-gray-600" dir="ltr">
                  {p.subdomain}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Badge tone="blue">{p.role ? t(`roles.${p.role}`) : t('platforms.own')}</Badge>
                  {current && <Badge tone="green">{t('platforms.current')}</Badge>}
                </div>
                {!current && (
                  <Button variant="secondary" size="sm" className="mt-auto self-start" busy={choose.isPending} onClick={() => choose.mutate(p.id)}>
                    {t('platforms.open')}
                  </Button>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
