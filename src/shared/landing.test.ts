import { describe, expect, it } from 'vitest';
import { readableUrl, slugFromTitle, slugKey } from './landing-slug';
import { legacySlugFromTitle } from './landing-slug-legacy';
import { isSafeImageUrl, isSafeLinkUrl } from './landing-url';
import { contactHref, normalizeSections, toLandingView } from './landing-view';

describe('landing links and images', () => {
  it('allows http(s), mailto, tel, site paths and anchors only', () => {
    for (const ok of ['https://example.test/a?b=1', 'http://x.test', 'mailto:a@b.test', 'tel:+213555', '/student/register', '#faq', '#'])
      expect(isSafeLinkUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.test',
      '/\\evil',
      '#"><x',
      'https://x.test/"onmouseover=',
      '',
      'x'.repeat(3000),
    ]) {
      expect(isSafeLinkUrl(bad), bad).toBe(false);
    }
  });

  it('allows https images and our own uploads, nothing else', () => {
    expect(isSafeImageUrl('https://cdn.test/a.png')).toBe(true);
    expect(isSafeImageUrl('/landing-assets/uploads/3f2a-11.webp')).toBe(true);
    for (const bad of [
      'http://cdn.test/a.png',
      '/etc/passwd',
      '/landing-assets/uploads/../x.webp',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'blob:https://x',
    ])
      expect(isSafeImageUrl(bad), bad).toBe(false);
  });
});

describe('landing slugs (spec §5, decision 059)', () => {
  it('keeps the words of the title in their own letters, lowercased and joined by hyphens', () => {
    expect(slugFromTitle('عرض خاص لشهر رمضان')).toBe('عرض-خاص-لشهر-رمضان');
    expect(slugFromTitle('  دَورةُ الرّياضيات — البكالوريا 2026! ')).toBe('دورة-الرياضيات-البكالوريا-2026');
    expect(slugFromTitle('عـــرض')).toBe('عرض');
    expect(slugFromTitle('Cours de Maths 2026')).toBe('cours-de-maths-2026');
    expect(slugFromTitle('Cours de Français')).toBe('cours-de-français');
    expect(slugFromTitle('x'.repeat(100))).toHaveLength(63);
    expect(slugFromTitle('')).toBe('');
    expect(slugFromTitle('   ')).toBe('');
    expect(slugFromTitle('!!!')).toBe('');
  });

  it('still gives the first weeks’ transliterated slug for links already shared', () => {
    expect(legacySlugFromTitle('عرض خاص لشهر رمضان')).toBe('aardkhslshhrrmdn');
    expect(legacySlugFromTitle('Cours de Français 2026')).toBe('coursdefrancais2026');
    expect(legacySlugFromTitle('')).toBe('');
  });

  it('matches custom slugs whatever their case', () => {
    expect(slugKey('Bac-2026')).toBe('bac-2026');
    expect(slugKey('عرض-رمضان')).toBe('عرض-رمضان');
  });
});

describe('landing view model', () => {
  it('forces hero first and visible, drops unknown sections and keeps the configured order', () => {
    expect(normalizeSections({ order: ['faq', 'hero', 'bogus', 'faq'], visible: ['faq'] })).toEqual({
      order: ['hero', 'faq', 'features', 'about-me', 'course-content', 'pricing', 'testimonials', 'contact-actions', 'contact-form'],
      visible: ['hero', 'faq'],
    });
    expect(normalizeSections('not json').visible).toHaveLength(9);
  });

  it('reads JSON strings, falls back on unreadable ones, and keeps only valid items', () => {
    const view = toLandingView({
      id: 'p',
      title: 't',
      course_content: '[{"id":"a","title":"A"},{"title":"no id"}]',
      meta_data: '{oops',
      faq: [{ id: 'q', question: 'Q', answer: 'A' }, 'junk'],
    });
    expect(view.courseContent).toEqual([{ id: 'a', title: 'A' }]);
    expect(view.meta).toEqual({});
    expect(view.faq).toHaveLength(1);
  });

  it('builds contact links from validated values', () => {
    expect(contactHref({ id: '1', type: 'whatsapp', value: '+213 555 12 34 56' })).toBe('https://wa.me/213555123456');
    expect(contactHref({ id: '2', type: 'phone', value: '+213 555' })).toBe('tel:+213555');
    expect(contactHref({ id: '3', type: 'facebook', value: 'javascript:alert(1)' })).toBeNull();
  });
});

describe('readable page addresses', () => {
  it('shows an Arabic slug in its letters and leaves a broken escape alone', () => {
    expect(readableUrl(`https://t.darsi.test/${encodeURIComponent('عرض-خاص')}`)).toBe('https://t.darsi.test/عرض-خاص');
    expect(readableUrl('https://t.darsi.test/%E0%A4%A')).toBe('https://t.darsi.test/%E0%A4%A');
  });
});
