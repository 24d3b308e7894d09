import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@shared/i18n';
import { Button, buttonClass } from '@web/components/ui/button';
import { AwardIcon } from '@web/components/ui/icons';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { certificatesApi, myCertificatesQuery } from './api';

/**
 * A completed course's certificate: download the PDF (in the student's language) and open its public check.
 * A completion from before certificates were issued gets one on asking (the same rule, decision 069).
 */
export function CertificateActions({ courseId, completed, size = 'sm' }: { courseId: string; completed: boolean; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('platform');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const certificates = useQuery({ ...myCertificatesQuery, enabled: completed });
  const claim = useMutation({
    mutationFn: () => certificatesApi.claimCertificate(courseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCertificatesQuery.queryKey }),
    onError: (error) => notify.error(errorText(error)),
  });
  if (!completed || !certificates.data) return null;
  const certificate = certificates.data.find((c) => c.courseId === courseId);
  if (!certificate) {
    return (
      <Button variant="secondary" size={size} onClick={() => claim.mutate()} busy={claim.isPending} data-testid="certificate-claim">
        <AwardIcon className="h-4 w-4" />
        {t('web.student.claim')}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-2" data-testid="certificate-actions">
      <a
        href={`${certificate.pdfUrl}?lng=${toLanguage(i18n.resolvedLanguage)}`}
        download
        className={buttonClass('primary', size)}
        data-testid="certificate-download"
      >
        <AwardIcon className="h-4 w-4" />
        {t('web.student.download')}
      </a>
      <a href={certificate.verifyUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost', size)} data-testid="certificate-verify">
        {t('web.student.verify')}
      </a>
    </div>
  );
}
