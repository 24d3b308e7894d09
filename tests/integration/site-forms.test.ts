import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, feedbackSubmissions, newsletterSubscribers } from '@server/core/db/schema';
import { SITE_LIMITS } from '@server/site/forms';
import { browser } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_HOST: 'darsi.test' });
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const contact = (overrides: Record<string, string> = {}) => {
  n += 1;
  return { name: 'سارة بن علي', email: `visitor${n}@example.test`, subject: 'سؤال عن الخطط', message: 'هل يمكن الدفع عند الاستلام؟', ...overrides };
};
const rows = {
  contact: () => t.database.db.select().from(contactMessages),
  feedback: () => t.database.db.select().from(feedbackSubmissions),
  newsletter: () => t.database.db.select().from(newsletterSubscribers),
};

describe(`contact form API on ${DRIVER}`, () => {
  it('stores a message with the sender’s language; the phone is optional and normalised', async () => {
    const b = browser(t);
    const input = contact({ phone: '+213 555-12 34 56' });
    const res = await b.post('/api/site/contact?lng=fr', input);
    expect(res.status).toBe(201);
    expect(await b.json(res)).toEqual({ ok: true });
    const stored = (await rows.contact()).find((r) => r.email === input.email);
    expect(stored).toMatchObject({ name: input.name, subject: input.subject, message: input.message, phone: '+213555123456', language: 'fr', handledAt: null });

    const noPhone = contact();
    expect((await b.post('/api/site/contact', noPhone)).status).toBe(201);
    expect((await rows.contact()).find((r) => r.email === noPhone.email)?.phone).toBeNull();
  });

  it('answers with a translated message per field', async () => {
    const b = browser(t);
    const res = await b.post('/api/site/contact?lng=en', { name: ' ', email: 'not-an-email', subject: '', message: '', phone: 'call me' });
    expect(res.status).toBe(400);
    const body = await b.json(res);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({
      name: 'This field is required',
      email: 'Enter a valid e-mail address',
      subject: 'This field is required',
      message: 'This field is required',
      phone: 'Enter a valid phone number, e.g. +213 555 12 34 56',
    });
    const ar = await b.json(await b.post('/api/site/contact', { ...contact(), email: '' }));
    expect(ar.error.fields).toEqual({ email: 'هذا الحقل مطلوب' });
  });

  it('drops a message whose honeypot is filled, answering as if it were stored', async () => {
    const input = contact({ website: 'http://spam.example' });
    const res = await browser(t).post('/api/site/contact', input);
    expect(res.status).toBe(201);
    expect((await rows.contact()).some((r) => r.email === input.email)).toBe(false);
  });

  it(`limits each address to ${SITE_LIMITS.contact.max} messages an hour, then answers 429 with the wait`, async () => {
    const b = browser(t);
    for (let i = 0; i < SITE_LIMITS.contact.max; i += 1) expect((await b.post('/api/site/contact', contact())).status).toBe(201);
    const refused = await b.post('/api/site/contact?lng=en', contact());
    expect(refused.status).toBe(429);
    const body = await b.json(refused);
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(/Too many attempts. Try again in \d+ minutes\./);
    // Another visitor is not affected.
    expect((await browser(t).post('/api/site/contact', contact())).status).toBe(201);
  });

  it('refuses a post from another site', async () => {
    const res = await t.request('/api/site/contact', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify(contact()),
    });
    expect(res.status).toBe(403);
  });
});

describe(`roadmap feedback API on ${DRIVER}`, () => {
  it('stores feedback with its category, optional title and optional e-mail', async () => {
    const b = browser(t);
    const res = await b.post('/api/site/feedback?lng=en', { category: 'feature', title: 'Quizzes', text: 'Please add quizzes.', email: '' });
    expect(res.status).toBe(201);
    const withEmail = await b.post('/api/site/feedback', { category: 'suggestion', text: 'تطبيق للهاتف', email: 'Reply@Example.test' });
    expect(withEmail.status).toBe(201);
    const all = await rows.feedback();
    expect(all.find((r) => r.text === 'Please add quizzes.')).toMatchObject({ category: 'feature', title: 'Quizzes', email: null, language: 'en' });
    expect(all.find((r) => r.text === 'تطبيق للهاتف')).toMatchObject({ category: 'suggestion', title: null, email: 'reply@example.test', language: 'ar' });
  });

  it('gives an empty feedback the exact message of spec §5, in each language', async () => {
    const b = browser(t);
    const messages = {
      en: 'please write your feedback or suggestion before sending',
      fr: 'Veuillez écrire votre avis ou votre suggestion avant l’envoi',
      ar: 'يرجى كتابة ملاحظاتك أو اقتراحك قبل الإرسال',
    };
    for (const [lng, message] of Object.entries(messages)) {
      const res = await b.post(`/api/site/feedback?lng=${lng}`, { category: 'feedback', text: '   ' });
      expect(res.status).toBe(400);
      expect((await b.json(res)).error.fields).toEqual({ text: message });
    }
  });

  it('refuses an unknown category and a malformed optional e-mail', async () => {
    const b = browser(t);
    const res = await b.post('/api/site/feedback?lng=en', { category: 'complaint', text: 'x', email: 'nope' });
    expect((await b.json(res)).error.fields).toEqual({
      category: 'Choose a category: suggestion, feature request or feedback',
      email: 'Enter a valid e-mail address',
    });
  });
});

describe(`newsletter API on ${DRIVER}`, () => {
  it('subscribes once per address, whatever its case, and answers the same to a repeat', async () => {
    const b = browser(t);
    expect((await b.post('/api/site/newsletter?lng=fr', { email: 'Reader@Example.test' })).status).toBe(201);
    expect((await b.post('/api/site/newsletter', { email: 'reader@example.TEST' })).status).toBe(201);
    const matching = (await rows.newsletter()).filter((r) => r.email.toLowerCase() === 'reader@example.test');
    expect(matching).toHaveLength(1);
    // The latest language wins: the next newsletter goes out in Arabic.
    expect(matching[0]?.language).toBe('ar');
  });

  it('needs a valid e-mail', async () => {
    const b = browser(t);
    const body = await b.json(await b.post('/api/site/newsletter?lng=en', { email: 'x@' }));
    expect(body.error.fields).toEqual({ email: 'Enter a valid e-mail address' });
  });
});

describe(`newsletter unsubscribe on ${DRIVER}`, () => {
  const mailsTo = (to: string) => t.services.mailer.recent.filter((m) => m.to === to);
  const linkOf = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  const pathOf = (link: string) => link.slice(link.indexOf('/', link.indexOf('//') + 2));
  const subscriber = async (email: string) => (await rows.newsletter()).find((r) => r.email === email);
  /** One click on the page a link opens: a same-origin POST of its token. */
  const confirm = (path: string, token: string) =>
    t.request(path, {
      method: 'POST',
      headers: { origin: `http://${t.config.publicHost}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });

  it('mails a subscribed address a link that unsubscribes it after one click, and answers the same for any other address', async () => {
    const b = browser(t);
    const email = 'leaving@example.test';
    await b.post('/api/site/newsletter', { email });
    expect((await b.post('/api/site/unsubscribe?lng=en', { email })).status).toBe(201);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Unsubscribe from the Darsi newsletter');
    const link = linkOf(mail!.text);
    expect(link).toMatch(/^http:\/\/darsi\.test\/newsletter\/unsubscribe\?token=[\w.-]+$/);
    // Opening the link changes nothing yet (mail scanners open links): it shows the address and a button.
    const page = await (await t.request(pathOf(link) + '&lng=en')).text();
    expect(page).toContain('Stop the Darsi newsletter for <bdi dir="ltr">leaving@example.test</bdi>?');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect((await subscriber(email))?.unsubscribedAt).toBeNull();
    const token = new URL(link).searchParams.get('token')!;
    const done = await confirm('/newsletter/unsubscribe', token);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/newsletter/unsubscribe?done=1');
    expect((await subscriber(email))?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await (await t.request('/newsletter/unsubscribe?done=1&lng=en')).text()).toContain('You are unsubscribed');

    // Unknown or already unsubscribed: the same answer, and no mail.
    expect((await b.post('/api/site/unsubscribe', { email: 'stranger@example.test' })).status).toBe(201);
    expect((await b.post('/api/site/unsubscribe', { email })).status).toBe(201);
    expect(mailsTo('stranger@example.test')).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('never subscribes again an address that unsubscribed without its owner confirming by e-mail', async () => {
    const b = browser(t);
    const email = 'back-again@example.test';
    await b.post('/api/site/newsletter', { email });
    await confirm('/newsletter/unsubscribe', new URL(t.services.site.unsubscribeLink('http://darsi.test', email)).searchParams.get('token')!);
    expect((await subscriber(email))?.unsubscribedAt).toBeInstanceOf(Date);
    // Someone types the address into the box: same answer as any subscription, still unsubscribed.
    const res = await b.post('/api/site/newsletter?lng=fr', { email });
    expect(res.status).toBe(201);
    expect((await subscriber(email))?.unsubscribedAt).toBeInstanceOf(Date);
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Vous réabonner à la lettre de Darsi ?');
    const token = new URL(linkOf(mail!.text)).searchParams.get('token')!;
    // That link cannot unsubscribe, and an unsubscribe link cannot subscribe.
    expect(await (await confirm('/newsletter/unsubscribe', token)).text()).toContain('data-newsletter-step="invalid"');
    expect((await confirm('/newsletter/confirm', token)).headers.get('location')).toBe('/newsletter/confirm?done=1');
    expect((await subscriber(email))?.unsubscribedAt).toBeNull();
  });

  it('refuses a forged, altered or expired link', async () => {
    const email = 'forged@example.test';
    await browser(t).post('/api/site/newsletter', { email });
    const token = new URL(t.services.site.unsubscribeLink('http://darsi.test', email)).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ a: 'unsubscribe', e: 'someone@example.test', x: null })).toString('base64url');
    for (const bad of [`${other}.${signature}`, `${payload}.${signature!.slice(0, -2)}xx`, 'nonsense', '']) {
      const page = await (await t.request(`/newsletter/unsubscribe?token=${encodeURIComponent(bad)}&lng=en`)).text();
      expect(page, bad).toContain('This link is not valid or has expired.');
      expect(await (await confirm('/newsletter/unsubscribe', bad)).text()).toContain('data-newsletter-step="invalid"');
    }
    expect((await subscriber(email))?.unsubscribedAt).toBeNull();
    // A request to subscribe again lasts 7 days.
    await confirm('/newsletter/unsubscribe', token);
    await browser(t).post('/api/site/newsletter', { email });
    const resubscribe = new URL(linkOf(mailsTo(email).at(-1)!.text)).searchParams.get('token')!;
    const later = Date.now() + 8 * 24 * 60 * 60_000;
    const realNow = Date.now;
    Date.now = () => later;
    try {
      expect(await (await confirm('/newsletter/confirm', resubscribe)).text()).toContain('data-newsletter-step="invalid"');
    } finally {
      Date.now = realNow;
    }
    expect((await subscriber(email))?.unsubscribedAt).toBeInstanceOf(Date);
  });
});

describe(`forms without JavaScript on ${DRIVER}`, () => {
  const postForm = (form: string, fields: Record<string, string>, returnPath: string, ip = `10.77.0.${(n += 1) % 250}`) =>
    t.request(`/site-forms/${form}?return=${encodeURIComponent(returnPath)}`, {
      method: 'POST',
      headers: { origin: `http://${t.config.publicHost}`, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: new URLSearchParams(fields).toString(),
    });

  it('stores the message and sends the visitor back to the form with its outcome', async () => {
    const input = contact();
    const res = await postForm('contact', input, '/contact');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?form=contact&status=sent#contact-form');
    expect((await rows.contact()).some((r) => r.email === input.email)).toBe(true);
    const page = await (await t.request('/contact?form=contact&status=sent&lng=en')).text();
    expect(page).toContain('Your message has been sent successfully! We will respond to you as soon as possible.');
  });

  it('reports a failure on the page it came from, and never redirects elsewhere', async () => {
    const res = await postForm('feedback', { category: 'feedback', text: '' }, '/roadmap');
    expect(res.headers.get('location')).toBe('/roadmap?form=feedback&status=error#feedback');
    const page = await (await t.request('/roadmap?form=feedback&status=error&lng=en')).text();
    expect(page).toContain('An error occurred while sending your feedback. Please try again later.');
    const offsite = await postForm('newsletter', { email: 'offsite@example.test' }, 'https://evil.example/');
    expect(offsite.headers.get('location')).toBe('/?form=newsletter&status=sent#newsletter');
    // The unsubscribe page's form comes back to it, where the answer is shown.
    const leaving = await postForm('unsubscribe', { email: 'offsite@example.test' }, '/newsletter/unsubscribe');
    expect(leaving.headers.get('location')).toBe('/newsletter/unsubscribe?form=unsubscribe&status=sent#unsubscribe');
    const answer = await (await t.request('/newsletter/unsubscribe?form=unsubscribe&status=sent&lng=en')).text();
    expect(answer).toContain('If this address is subscribed, a link to confirm is on its way.');
    expect(t.services.mailer.recent.filter((m) => m.to === 'offsite@example.test')).toHaveLength(1);
  });

  it('is refused from another site', async () => {
    const res = await t.request('/site-forms/contact?return=/', {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(contact()).toString(),
    });
    expect(res.status).toBe(403);
  });
});
