import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAMPAIGN_SOURCES, campaignUrl, type TCampaignSource } from '@shared/campaign-links';
import { Badge } from '@web/components/ui/badge';
import { Card, CardHeader } from '@web/components/ui/card';
import { CopyButton } from '@web/components/ui/copy-button';
import { EmptyState } from '@web/components/ui/empty-state';
import { QueryError } from '@web/components/ui/error-state';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { adsQuery, type TAds } from '@web/features/dashboard/api';

function Pixels({ pages }: { pages: TAds['pages'] }) {
  const { t } = useTranslation('dashboard');
  const withPixels = pages.filter((p) => p.pixels.length > 0);
  return (
    <Card aria-labelledby="pixels-title" data-testid="ads-pixels">
      <CardHeader id="pixels-title" title={t('ads.pixels.title')} description={t('ads.pixels.description')} />
      {withPixels.length === 0 ? (
        <EmptyState title={t('ads.pixels.none')} body={t('ads.pixels.noneBody')} testId="ads-pixels-empty" />
      ) : (
        <ul className="divide-y divide-gray-100">
          {withPixels.map((page) => (
            <li key={page.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="ads-pixel-page">
              <div className="min-w-0 space-y-1">
                <p className="break-words font-medium text-gray-900" dir="auto">
                  {page.title}
                </p>
                <ul className="flex flex-wrap gap-1.5">
                  {page.pixels.map((pixel) => (
                    <li key={`${pixel.provider}-${pixel.id}`}>
                      <Badge tone="blue" testId="ads-pixel">
                        {t(`ads.providers.${pixel.provider}`)} <bdi dir="ltr">{pixel.id}</bdi>
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
              <Link to={`/dashboard/landing-pages/${page.id}`} className="text-sm font-medium text-primary-700 hover:underline">
                {t('ads.pixels.edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function CampaignLinks({ data }: { data: TAds }) {
  const { t } = useTranslation('dashboard');
  const [source, setSource] = useState<TCampaignSource>('facebook');
  const [campaign, setCampaign] = useState('');
  const targets = [
    ...data.pages.filter((p) => p.isPublished).map((p) => ({ key: `page-${p.id}`, kind: t('ads.links.page'), title: p.title, url: p.url })),
    ...data.courses.map((c) => ({ key: `course-${c.id}`, kind: t('ads.links.course'), title: c.title, url: c.url })),
  ];
  return (
    <Card aria-labelledby="links-title" data-testid="ads-links">
      <CardHeader id="links-title" title={t('ads.links.title')} description={t('ads.links.description')} />
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('ads.links.source')}
          value={source}
          onValueChange={setSource}
          options={CAMPAIGN_SOURCES.map((s) => ({ value: s, label: t(`ads.sources.${s}`) }))}
          data-testid="ads-source"
        />
        <TextField
          label={t('ads.links.campaign')}
          hint={t('ads.links.campaignHint')}
          value={campaign}
          onValueChange={setCampaign}
          maxLength={60}
          data-testid="ads-campaign"
        />
      </div>
      {targets.length === 0 ? (
        <EmptyState title={t('ads.links.none')} body={t('ads.links.noneBody')} testId="ads-links-empty" />
      ) : (
        <ul className="space-y-3">
          {targets.map((target) => {
            const url = campaignUrl(target.url, source, campaign);
            return (
              <li key={target.key} className="space-y-2 rounded-xl border border-gray-200 p-3" data-testid="ads-link">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge tone="gray">{target.kind}</Badge>
                  <span className="min-w-0 break-words font-medium text-gray-900" dir="auto">
                    {target.title}
                  </span>
                </p>
                <div className="flex items-center gap-2">
                  <bdi dir="ltr" className="min-w-0 flex-1 break-all rounded-lg bg-gray-50 p-2 font-mono text-xs text-gray-800" data-testid="ads-link-url">
                    {url}
                  </bdi>
                  <CopyButton text={url} label={t('ads.links.copy', { title: target.title })} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** /dashboard/ads (spec §2.4 "ads page"): the teacher's pixels and campaign links in one place. */
export function AdsPage() {
  const { t } = useTranslation('dashboard');
  const ads = useQuery(adsQuery);
  return (
    <div className="space-y-6">
      <PageTitle title={t('ads.title')} subtitle={t('ads.subtitle')} />
      {ads.isPending ? <Skeleton className="h-64" /> : null}
      {ads.isError ? <QueryError query={ads} /> : null}
      {ads.data ? (
        <>
          <Pixels pages={ads.data.pages} />
          <CampaignLinks data={ads.data} />
        </>
      ) : null}
    </div>
  );
}
