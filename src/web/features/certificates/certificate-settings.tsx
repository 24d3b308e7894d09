import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { QueryError } from '@web/components/ui/error-state';
import { CheckboxField } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { certificateSettingsQuery, certificatesApi, uploadSignature } from './api';
import { ImageUploadButton } from '@web/components/image-upload-button';

/** A course's certificates (decision 069): on or off, and the signature printed on them. */
export function CertificateSettings({ courseId }: { courseId: string }) {
  const { t } = useTranslation('platform');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const settings = useQuery(certificateSettingsQuery(courseId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: certificateSettingsQuery(courseId).queryKey });
  const onError = (error: Error) => notify.error(errorText(error));
  // The switch moves at once; a refused change puts it back.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => certificatesApi.setCertificates(courseId, enabled),
    onSuccess: refresh,
    onError: (error) => {
      setWanted(null);
      onError(error);
    },
  });
  const upload = useMutation({ mutationFn: (file: File) => uploadSignature(courseId, file), onSuccess: refresh, onError });
  const remove = useMutation({ mutationFn: () => certificatesApi.removeSignature(courseId), onSuccess: refresh, onError });
  if (settings.isPending) return <Skeleton className="h-24" />;
  if (settings.isError) return <QueryError query={settings} />;
  const s = settings.data;
  return (
    <div className="space-y-4" data-testid="certificate-settings">
      <CheckboxField
        label={t('web.settings.enabled')}
        checked={wanted ?? s.enabled}
        onCheckedChange={(enabled) => {
          setWanted(enabled);
          toggle.mutate(enabled);
        }}
        data-testid="certificates-enabled"
      />
      <div className="space-y-2">
        <p className="text-sm font-medium text-gray-800">{t('web.settings.signature')}</p>
        <p className="text-sm text-gray-600">{t('web.settings.signatureHelp')}</p>
        <div className="flex flex-wrap items-center gap-3">
          {s.signatureUrl ? (
            <img
              src={s.signatureUrl}
              alt={t('web.settings.signatureAlt')}
              className="h-16 max-w-48 rounded border border-gray-200 bg-white object-contain p-1"
            />
          ) : null}
          <ImageUploadButton
            label={upload.isPending ? t('web.settings.uploading') : s.signatureUrl ? t('web.settings.change') : t('web.settings.add')}
            accept="image/png,image/jpeg"
            testId="signature-file"
            onFile={(file) => upload.mutate(file)}
          />
          {s.signatureUrl ? (
            <Button variant="ghost" size="sm" onClick={() => remove.mutate()} busy={remove.isPending}>
              {t('web.settings.remove')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
