import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { useErrorText } from '@web/lib/api-errors';
import { notify } from '@web/lib/notify';
import { useStudentPaths } from '@web/lib/student-paths';
import { codesApi } from '@web/features/codes/api';
import { courseKeys } from '@web/lib/course-queries';
import { forgetCardLink, storedCardLink } from '@web/features/codes/card-link/stored-link';

/** After scanning a card's QR code and signing in: one tap redeems the card (decision 106). */
export function RedeemLinkPage() {
  const { t } = useTranslation('courses');
  const paths = useStudentPaths();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [token] = useState(storedCardLink);
  const redeem = useMutation({
    mutationFn: () => codesApi.redeemLink({ token: token!, ...(paths.platform ? { platform: paths.platform } : {}) }),
    onSuccess: async (result) => {
      forgetCardLink();
      notify.success(t('redeem.success', { course: result.courseTitle }));
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      void navigate(paths.course(result.courseId));
    },
    // A used, revoked or expired card will not work later either.
    onError: () => forgetCardLink(),
  });
  return (
    <div className="space-y-6">
      <meta name="referrer" content="no-referrer" />
      <PageTitle title={t('cardLink.title')} />
      <Card aria-labelledby="redeem-link-title" data-testid="redeem-link">
        <CardHeader id="redeem-link-title" title={t('cardLink.ready')} description={token ? t('cardLink.readyHelp') : t('cardLink.none')} />
        {token && !redeem.isError ? (
          <Button busy={redeem.isPending} onClick={() => redeem.mutate()} data-testid="redeem-link-submit">
            {t('cardLink.submit')}
          </Button>
        ) : null}
        {redeem.isError ? (
          <Notice tone="error" testId="redeem-link-error">
            {errorText(redeem.error)}
          </Notice>
        ) : null}
        {!token || redeem.isError ? (
          <Link to={paths.subscriptions} className="text-sm font-medium text-primary-700 underline">
            {t('cardLink.typeInstead')}
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
