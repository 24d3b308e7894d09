/**
 * Darsi's own contact details and social accounts, shown in the footer and on the contact page.
 * One place to change them (docs/decisions/045-site-content.md).
 */
export const SITE_CONTACT = {
  email: 'contact@darsi.dz',
  phone: '+213 23 00 00 00',
  phoneHref: 'tel:+21323000000',
} as const;

export const SOCIAL_LINKS = [
  { id: 'facebook', href: 'https://www.facebook.com/darsi.dz' },
  { id: 'instagram', href: 'https://www.instagram.com/darsi.dz' },
  { id: 'youtube', href: 'https://www.youtube.com/@darsi.dz' },
  { id: 'tiktok', href: 'https://www.tiktok.com/@darsi.dz' },
  { id: 'linkedin', href: 'https://www.linkedin.com/company/darsi-dz' },
] as const;
