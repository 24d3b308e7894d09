/**
 * Campaign links for the teacher's ads screen (spec §2.4): a public address with the standard UTM parameters
 * that Meta, TikTok and Google Analytics read, so the teacher sees which ad brought a visitor.
 */
export const CAMPAIGN_SOURCES = ['facebook', 'instagram', 'tiktok', 'google', 'youtube', 'whatsapp'] as const;
export type TCampaignSource = (typeof CAMPAIGN_SOURCES)[number];

/** The medium each source usually is: paid social for the networks, paid search for Google, a share for WhatsApp. */
const MEDIUM: Record<TCampaignSource, string> = {
  facebook: 'paid_social',
  instagram: 'paid_social',
  tiktok: 'paid_social',
  youtube: 'paid_video',
  google: 'cpc',
  whatsapp: 'social',
};

/** A campaign name as analytics tools like it: lowercase Latin letters, digits, hyphens; Arabic is kept as typed. */
export function campaignName(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^\p{L}\p{N}-]+/gu, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** `base` with utm_source, utm_medium and utm_campaign (and utm_content when given) set; other parameters kept. */
export function campaignUrl(base: string, source: TCampaignSource, campaign: string, content?: string): string {
  const url = new URL(base);
  url.searchParams.set('utm_source', source);
  url.searchParams.set('utm_medium', MEDIUM[source]);
  const name = campaignName(campaign);
  if (name) url.searchParams.set('utm_campaign', name);
  else url.searchParams.delete('utm_campaign');
  if (content) url.searchParams.set('utm_content', campaignName(content));
  return url.toString();
}
