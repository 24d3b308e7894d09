import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { readableUrl } from '@shared/landing-slug';
import type { TLandingPageSummary } from '@shared/schemas/landing';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { ExternalLinkIcon, LayoutIcon } from '@web/components/ui/icons';
import { PageTitle } from '@web/components/ui/page-heading';
import { LoadingBlock } from '@web/components/ui/skeleton';
import { notify } from '@web/lib/notify';
import { landingApi, landingKeys, pagesQuery } from './api';
import { StatusBadge } from './status-badge';

/** What a row's buttons do to its page; a duplicate opens in the editor. */
function usePageAction(pageId: string) {
  const { t } = useTranslation('landing');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const refresh = () => queryClient.invalidateQueries({ queryKey: landingKeys.all });
  return useMutation({
    mutationFn: async (kind: 'publish' | 'unpublish' | 'main' | 'duplicate' | 'delete') => {
      if (kind === 'duplicate') return (await landingApi.duplicate(pageId)).page.id;
      if (kind === 'delete') await landingApi.remove(pageId);
      else if (kind === 'main') await landingApi.setMain(pageId);
      else if (kind === 'publish') await landingApi.publish(pageId);
      else await landingApi.unpublish(pageId);
      return null;
    },
    onSuccess: async (copyId, kind) => {
      await refresh();
      notify.success(t(`list.${kind}Toast`));
      if (copyId) void navigate(`/dashboard/landing-pages/${copyId}`);
    },
    onError: (error) => notify.error(errorText(error)),
  });
}

function PageRow({ page }: { page: TLandingPageSummary }) {
  const { t } = useTranslation('landing');
  const [confirming, setConfirming] = useState(false);
  const action = usePageAction(page.id);
  const run = (kind: Parameters<typeof action.mutate>[0]) => action.mutate(kind);

  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="landing-row" data-page-id={page.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-gray-900" dir="auto" data-testid="landing-row-title">
            {page.title}
          </h2>
          <p className="mt-1 break-all text-sm text-gray-600" dir="ltr" data-testid="landing-row-url">
            {readableUrl(page.url)}
          </p>
          <p className="mt-1 text-xs text-gray-500">{t('list.views', { count: page.views_count })}</p>
        </div>
        <StatusBadge published={page.is_published} main={page.is_main} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={`/dashboard/landing-pages/${page.id}`} className={buttonClass('primary', 'sm')} data-testid="landing-edit">
          {t('list.edit')}
        </Link>
        {page.is_published && (
          <a href={page.url} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'sm')} data-testid="landing-view">
            {t('list.view')}
            <ExternalLinkIcon className="h-4 w-4" />
          </a>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={action.isPending && action.variables !== 'delete'}
          onClick={() => run(page.is_published ? 'unpublish' : 'publish')}
          data-testid="landing-toggle-publish"
        >
          {page.is_published ? t('list.unpublish') : t('list.publish')}
        </Button>
        {page.is_published && !page.is_main && (
          <Button size="sm" variant="secondary" onClick={() => run('main')} data-testid="landing-set-main">
            {t('list.setMain')}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => run('duplicate')} data-testid="landing-duplicate">
          {t('list.duplicate')}
        </Button>
        {confirming ? (
          <span className="flex flex-wrap items-center gap-2" role="group" aria-label={t('list.confirmDelete')}>
            <span className="text-sm text-red-800">{t('list.confirmDelete')}</span>
            <Button
              size="sm"
              variant="danger"
              busy={action.isPending && action.variables === 'delete'}
              onClick={() => run('delete')}
              data-testid="landing-delete-confirm"
            >
              {t('list.delete')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('list.cancel')}
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirming(true)} data-testid="landing-delete">
            {t('list.delete')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** /dashboard/landing-pages: the teacher's pages and what can be done with each. */
export function LandingPagesPage() {
  const { t } = useTranslation('landing');
  const query = useQuery(pagesQuery);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle title={t('list.title')} subtitle={t('list.subtitle')}>
        <Link to="/dashboard/landing-pages/new" className={buttonClass('primary')} data-testid="landing-new">
          {t('list.new')}
        </Link>
      </PageTitle>
      {query.isPending && <LoadingBlock label={t('list.loading')} blocks={['h-28', 'h-28']} />}
      {query.isError && <QueryError query={query} />}
      {query.data && query.data.length === 0 && (
        <Card className="text-center">
          <LayoutIcon className="mx-auto h-10 w-10 text-primary-600" />
          <p className="mt-3 font-bold text-gray-900">{t('list.emptyTitle')}</p>
          <p className="mt-1 text-sm text-gray-600">{t('list.emptyText')}</p>
        </Card>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="space-y-3" data-testid="landing-list">
          {query.data.map((page) => (
            <PageRow key={page.id} page={page} />
          ))}
        </ul>
      )}
    </div>
  );
}
