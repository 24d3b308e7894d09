import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { videoApi } from '@web/features/video/api';
import { notify } from '@web/lib/notify';
import { useErrorText } from '@web/lib/api-errors';

/** The devices a student downloaded lessons on, for their teacher: revoking one stops its renewals and downloads. */
export function TeacherDevices({ studentId }: { studentId: string }) {
  const { t, i18n } = useTranslation('video');
  const lng = toLanguage(i18n.resolvedLanguage);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const key = ['video', 'offline', 'student-devices', studentId];
  const devices = useQuery({ queryKey: key, queryFn: () => videoApi.studentDevices(studentId) });
  const revoke = useMutation({
    mutationFn: (deviceId: string) => videoApi.revokeDevice(deviceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => notify.error(errorText(error)),
  });
  if (!devices.data) return null;
  return (
    <Card data-testid="teacher-offline-devices">
      <CardHeader title={t('offline.teacher.studentDevices')} />
      {devices.data.devices.length === 0 ? <p className="text-sm text-gray-600">{t('offline.teacher.noDevices')}</p> : null}
      <ul className="space-y-2">
        {devices.data.devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3 text-sm">
            <span className="min-w-0 break-words">
              {d.label} · {formatDate(lng, d.createdAt, 'long')} · {t('offline.teacher.licences', { count: d.licences })}
            </span>
            {d.revokedAt ? (
              <span className="text-gray-600">{t('offline.teacher.revoked')}</span>
            ) : d.releasedAt ? (
              <span className="text-gray-600">{t('offline.teacher.released')}</span>
            ) : (
              <Button size="sm" variant="secondary" busy={revoke.isPending} onClick={() => revoke.mutate(d.id)}>
                {t('offline.teacher.revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
