import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n';
import { isSampleText, starterContent, withoutSampleText } from './starter';

/**
 * Issue 11: the starter page is published by teachers of either gender after changing a few words, so it
 * neither assumes the teacher's gender nor promises what Darsi does not do (certificates, quizzes and
 * exams are not part of it; exams are "coming soon").
 */
describe('the starter landing page', () => {
  const texts = (lng: (typeof LANGUAGES)[number]) => JSON.stringify(starterContent('صفحتي', lng, 'سلمى'));

  it('promises no certificate, quiz or payment method Darsi lacks, in any language', () => {
    // Past exam papers with their solutions are the teacher's content, not an exam feature: not listed.
    const promises = /شهادة|اختبار|طريقة الدفع|certificat|quiz|attestation|payment method|moyen de paiement/i;
    for (const lng of LANGUAGES) expect(texts(lng), lng).not.toMatch(promises);
    for (const lng of LANGUAGES) expect(starterContent('x', lng, 'y').hero_features.map((f) => f.icon)).not.toContain('certificate');
  });

  it('speaks of the teacher in the first person, without a gendered title', () => {
    expect(starterContent('x', 'ar', 'سلمى').about_me.bio).not.toMatch(/أستاذ|معلم/);
    expect(starterContent('x', 'fr', 'Salma').about_me.bio).not.toMatch(/Enseignant|professeur/i);
    expect(starterContent('x', 'en', 'Salma').about_me.bio).toMatch(/^I /);
  });
});

describe('the starter page invents nothing (issue 24)', () => {
  it('has no student quote, no prices and no lesson counts: the page shows the real courses instead', () => {
    for (const lng of LANGUAGES) {
      const page = starterContent('x', lng, 'y');
      expect([page.testimonials, page.pricing, page.course_content], lng).toEqual([[], [], []]);
    }
  });

  it('keeps its sample text about the teacher off the public page until it is rewritten', () => {
    const page = starterContent('x', 'ar', 'سلمى');
    const shown = withoutSampleText({ ...page, hero_features: [...page.hero_features, { id: 'own', icon: 'book', text: 'دروس كل سبت' }] });
    expect(shown.description).toBe('');
    expect(shown.hero_features).toEqual([{ id: 'own', icon: 'book', text: 'دروس كل سبت' }]);
    expect(shown.about_me).toMatchObject({ name: 'سلمى', bio: '', highlights: [] });
    // Rewritten, even slightly, it is the teacher's own text.
    expect(withoutSampleText({ ...page, description: `${page.description} معي` }).description).toBe(`${page.description} معي`);
    // The same sample text in another language is still sample text.
    expect(isSampleText(starterContent('x', 'fr', 'y').about_me.bio)).toBe(true);
  });
});
