import { describe, expect, it } from 'vitest';
import { campaignName, campaignUrl } from './campaign-links';

describe('campaign links (spec §2.4 ads screen)', () => {
  it('adds the UTM parameters for the source, with its usual medium', () => {
    expect(campaignUrl('https://ahmed.darsi.dz/', 'facebook', 'Bac 2026')).toBe(
      'https://ahmed.darsi.dz/?utm_source=facebook&utm_medium=paid_social&utm_campaign=bac-2026',
    );
    expect(campaignUrl('https://ahmed.darsi.dz/courses/1', 'google', 'bac', 'Hero')).toBe(
      'https://ahmed.darsi.dz/courses/1?utm_source=google&utm_medium=cpc&utm_campaign=bac&utm_content=hero',
    );
  });

  it('keeps the address’s own parameters, replaces earlier UTM ones, and leaves out an empty campaign', () => {
    const url = new URL(campaignUrl('https://a.darsi.dz/landing/x?ref=1&utm_source=old', 'tiktok', '  '));
    expect(url.searchParams.get('ref')).toBe('1');
    expect(url.searchParams.getAll('utm_source')).toEqual(['tiktok']);
    expect(url.searchParams.has('utm_campaign')).toBe(false);
  });

  it('makes a tidy campaign name and keeps Arabic letters', () => {
    expect(campaignName('  Summer_Sale!! 2026 ')).toBe('summer-sale-2026');
    expect(campaignName('رياضيات باك')).toBe('رياضيات-باك');
  });
});
