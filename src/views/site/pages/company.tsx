import { CallToAction, ContactDetails, ContactSection, FaqList } from '@views/site/components/home-sections';
import { Icon } from '@views/site/components/icons';
import { Card, PageHero, Section } from '@views/site/components/section';
import { useSite } from '@views/site/context';

type TTitled = { title: string; body: string };

export function AboutPage() {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t('about.title')} intro={t('about.intro')} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 md:grid-cols-3">
        {list<TTitled>('about.sections').map((s) => (
          <Card key={s.title}>
            <h2 className="text-xl font-bold text-gray-900">{s.title}</h2>
            <p className="mt-3 text-gray-700">{s.body}</p>
          </Card>
        ))}
      </div>
      <ul className="mx-auto flex max-w-5xl flex-wrap justify-center gap-3 px-4">
        {list<string>('about.values').map((v) => (
          <li key={v} className="rounded-full bg-primary-50 px-4 py-2 font-bold text-primary-800">
            {v}
          </li>
        ))}
      </ul>
      <CallToAction />
    </>
  );
}

export function ContactPage() {
  const { t } = useSite();
  return (
    <>
      <PageHero title={t('meta.contact.title')} intro={t('meta.contact.description')} />
      <ContactSection id="contact-form" />
    </>
  );
}

type TStory = { name: string; place: string; story: string; result: string };

export function SuccessStoriesPage() {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t('stories.title')} intro={t('stories.intro')} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 lg:grid-cols-3">
        {list<TStory>('stories.items').map((s) => (
          <article key={s.name} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-gray-900">{s.name}</h2>
            <p className="flex items-center gap-1 text-sm text-gray-600">
              <Icon name="pin" className="h-4 w-4" />
              {s.place}
            </p>
            <p className="mt-4 flex-1 text-gray-700">{s.story}</p>
            <p className="mt-4 flex items-center gap-2 rounded-xl bg-green-50 p-3 font-bold text-green-900">
              <Icon name="star" className="h-5 w-5" />
              {s.result}
            </p>
          </article>
        ))}
      </div>
      <p className="mx-auto max-w-6xl px-4 text-center text-sm text-gray-600">{t('stories.note')}</p>
      <CallToAction />
    </>
  );
}

export function LegalPage({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t(`legal.${doc}.title`)} intro={t(`legal.${doc}.intro`)} />
      <article className="mx-auto max-w-3xl px-4 py-12">
        <p className="mb-8 text-sm text-gray-600">{t('legal.updated')}</p>
        {list<TTitled>(`legal.${doc}.sections`).map((s) => (
          <section key={s.title} className="mb-8">
            <h2 className="text-2xl font-bold text-gray-900">{s.title}</h2>
            <p className="mt-3 leading-relaxed text-gray-700">{s.body}</p>
          </section>
        ))}
      </article>
    </>
  );
}

type TQuestion = { q: string; a: string };

export function FaqPage() {
  const { t, list } = useSite();
  const groups = list<{ title: string; items: TQuestion[] }>('faqPage.groups');
  return (
    <>
      <PageHero title={t('faqPage.title')} intro={t('faqPage.intro')} />
      <Section title={t('faq.title')} subtitle={t('faq.subtitle')}>
        <FaqList items={list<TQuestion>('faq.items')} />
      </Section>
      {groups.map((g) => (
        <Section key={g.title} title={g.title} tone="muted">
          <FaqList items={g.items} />
        </Section>
      ))}
      <CallToAction />
    </>
  );
}

type THelpCard = { title: string; body: string; href: string };

export function HelpPage({ popular }: { popular: Array<{ href: string; title: string }> }) {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t('help.title')} intro={t('help.intro')} />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 py-12 sm:grid-cols-2">
        {list<THelpCard>('help.cards').map((c) => (
          <a key={c.href} href={c.href} className="block rounded-2xl border border-gray-200 bg-white p-6 shadow-sm hover:border-primary-500">
            <h2 className="text-xl font-bold text-gray-900">{c.title}</h2>
            <p className="mt-2 text-gray-700">{c.body}</p>
          </a>
        ))}
      </div>
      <section aria-labelledby="popular-guides" className="mx-auto max-w-5xl px-4">
        <h2 id="popular-guides" className="text-2xl font-bold text-gray-900">
          {t('help.popularTitle')}
        </h2>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {popular.map((p) => (
            <li key={p.href}>
              <a href={p.href} className="flex items-center gap-2 rounded-lg p-2 font-medium text-primary-800 hover:bg-primary-50">
                <Icon name="book" className="h-4 w-4" />
                {p.title}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <div className="mx-auto mt-12 max-w-5xl px-4">
        <ContactDetails />
      </div>
    </>
  );
}

const METHOD_ICONS = { card: 'card', cashOnDelivery: 'key', bankTransfer: 'chart', postalTransfer: 'mail' } as const;

export function PaymentPage({ methods }: { methods: readonly (keyof typeof METHOD_ICONS)[] }) {
  const { t, list } = useSite();
  return (
    <>
      <PageHero title={t('payment.title')} intro={t('payment.intro')} />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <ul className="grid gap-6 sm:grid-cols-2" data-testid="payment-methods">
          {methods.map((m) => (
            <li key={m} data-method={m}>
              <Card className="h-full">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary-100 text-primary-800">
                  <Icon name={METHOD_ICONS[m]} />
                </span>
                <h2 className="mt-4 text-xl font-bold text-gray-900">{t(`payment.methods.${m}.title`)}</h2>
                <p className="mt-2 text-gray-700">{t(`payment.methods.${m}.body`)}</p>
              </Card>
            </li>
          ))}
        </ul>
        <section aria-labelledby="payment-how" className="mt-12">
          <h2 id="payment-how" className="text-2xl font-bold text-gray-900">
            {t('payment.howTitle')}
          </h2>
          <ol className="mt-4 list-decimal space-y-2 ps-6 text-gray-800">
            {list<string>('payment.how').map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900">{t('payment.note')}</p>
          <p className="mt-3 font-bold text-gray-900">{t('payment.trial')}</p>
        </section>
      </div>
      <CallToAction />
    </>
  );
}

export function NotFoundPage() {
  const { t } = useSite();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary-700">404</p>
      <h1 className="mt-4 text-3xl font-extrabold text-gray-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-gray-700">{t('notFound.body')}</p>
      <a href="/" className="mt-8 inline-block rounded-xl bg-primary-700 px-6 py-3 font-bold text-white">
        {t('notFound.home')}
      </a>
    </section>
  );
}
