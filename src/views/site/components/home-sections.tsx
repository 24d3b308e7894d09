import { Icon, type TIconName } from './icons';
import { useSite } from '@views/site/context';
import { ContactForm } from './contact-form';
import { Rich, SoonBadge, soonAttributes } from './marks';
import { Card, Section } from './section';
import { SITE_CONTACT } from '@views/site/site-info';

type TTitled = { title: string; body: string };
/** `soon` names the roadmap feature the item depends on, when it is not built yet. */
type TFeatureItem = TTitled & { soon?: string };

export function Hero() {
  const { t, list } = useSite();
  return (
    <section className="overflow-hidden bg-gradient-to-b from-primary-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-block rounded-full bg-primary-100 px-3 py-1 text-sm font-bold text-primary-800">{t('hero.badge')}</p>
          <h1 className="mt-5 text-4xl font-extrabold leading-tight text-gray-900 sm:text-5xl">{t('hero.title')}</h1>
          <p className="mt-5 text-lg text-gray-700">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/register" className="rounded-xl bg-primary-700 px-6 py-3 font-bold text-white shadow hover:bg-primary-800">
              {t('hero.primary')}
            </a>
            <a href="/#features" className="rounded-xl border border-gray-300 bg-white px-6 py-3 font-bold text-gray-800 hover:bg-gray-50">
              {t('hero.secondary')}
            </a>
          </div>
          <p className="mt-4 text-sm text-gray-600">{t('hero.trial')}</p>
        </div>
        <ul className="grid gap-3">
          {list<string>('hero.points').map((point, i) => (
            <li key={point} className="flex items-center gap-4 rounded-2xl border border-gray-100 bg-white p-5 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary-100 text-primary-800">
                <Icon name={(['globe', 'layout', 'card'] as const)[i] ?? 'check'} />
              </span>
              <span className="font-bold text-gray-900">
                <Rich text={point} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const FEATURE_ICONS: TIconName[] = ['book', 'key', 'shield', 'layout', 'video', 'chart'];

export function Features() {
  const { t, list } = useSite();
  return (
    <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list<TFeatureItem>('features.items').map((item, i) => (
          <li key={item.title} {...soonAttributes(item.soon)}>
            <Card className="h-full">
              <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-primary-100 text-primary-800">
                <Icon name={FEATURE_ICONS[i] ?? 'check'} />
              </span>
              <h3 className="mt-4 text-lg font-bold text-gray-900">
                {item.title}
                <SoonBadge feature={item.soon} />
              </h3>
              <p className="mt-2 text-gray-700">{item.body}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Path({ who }: { who: 'teacher' | 'student' }) {
  const { t, list } = useSite();
  return (
    <Card>
      <h3 className="text-xl font-extrabold text-gray-900">{t(`journey.${who}.title`)}</h3>
      <ol className="mt-5 space-y-5">
        {list<TTitled>(`journey.${who}.steps`).map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-700 font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="font-bold text-gray-900">{step.title}</p>
              <p className="text-gray-700">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function Journey() {
  const { t } = useSite();
  return (
    <Section id="journey" title={t('journey.title')} subtitle={t('journey.subtitle')} tone="muted">
      <div className="grid gap-6 lg:grid-cols-2">
        <Path who="teacher" />
        <Path who="student" />
      </div>
    </Section>
  );
}

type TTestimonial = { quote: string; name: string; role: string };

export function Testimonials() {
  const { t, list } = useSite();
  return (
    <Section id="testimonials" title={t('testimonials.title')} subtitle={t('testimonials.subtitle')}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {list<TTestimonial>('testimonials.items').map((item) => (
          <li key={item.name}>
            <figure className="h-full rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <Icon name="quote" className="h-7 w-7 text-primary-600" />
              <blockquote className="mt-3 text-gray-800">{item.quote}</blockquote>
              <figcaption className="mt-4">
                <span className="block font-bold text-gray-900">{item.name}</span>
                <span className="block text-sm text-gray-600">{item.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-gray-600">{t('testimonials.note')}</p>
    </Section>
  );
}

type TQuestion = { q: string; a: string };

export function FaqList({ items }: { items: TQuestion[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-bold text-gray-900">
            {item.q}
            <Icon name="chevron" className="h-5 w-5 transition-transform group-open:rotate-180" />
          </summary>
          <p className="mt-3 text-gray-700">
            <Rich text={item.a} />
          </p>
        </details>
      ))}
    </div>
  );
}

export function Faq() {
  const { t, list } = useSite();
  return (
    <Section id="faq" title={t('faq.title')} subtitle={t('faq.subtitle')} tone="muted">
      <FaqList items={list<TQuestion>('faq.items')} />
      <p className="mt-8 text-center">
        <a href="/faq" className="font-bold text-primary-800 underline underline-offset-4">
          {t('faq.more')}
        </a>
      </p>
    </Section>
  );
}

export function ContactDetails() {
  const { t } = useSite();
  const rows = [
    { icon: 'mail', label: t('details.email'), value: SITE_CONTACT.email, href: `mailto:${SITE_CONTACT.email}` },
    { icon: 'phone', label: t('details.phone'), value: SITE_CONTACT.phone, href: SITE_CONTACT.phoneHref },
    { icon: 'clock', label: t('details.hours'), value: t('details.hoursValue') },
    { icon: 'pin', label: t('details.address'), value: t('details.addressValue') },
  ] as const;
  return (
    <Card>
      <h3 className="text-lg font-extrabold text-gray-900">{t('details.title')}</h3>
      <dl className="mt-4 space-y-4">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="flex items-center gap-2 text-sm text-gray-600">
              <span className="text-primary-700">
                <Icon name={row.icon} />
              </span>
              {row.label}
            </dt>
            <dd className="ms-7 font-bold text-gray-900">
              {'href' in row ? (
                <a href={row.href} dir="ltr" className="hover:underline">
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function ContactSection({ id = 'contact' }: { id?: string }) {
  const { t } = useSite();
  return (
    <Section id={id} title={t('contact.title')} subtitle={t('contact.subtitle')}>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <ContactForm />
        </Card>
        <ContactDetails />
      </div>
    </Section>
  );
}

export function CallToAction() {
  const { t } = useSite();
  return (
    <section className="px-4 py-16">
      <div className="mx-auto max-w-4xl rounded-3xl bg-primary-800 px-6 py-12 text-center text-white">
        <h2 className="text-3xl font-extrabold">{t('cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-xl text-primary-50">{t('cta.body')}</p>
        <a href="/register" className="mt-6 inline-block rounded-xl bg-white px-6 py-3 font-bold text-primary-800 hover:bg-primary-50">
          {t('cta.button')}
        </a>
      </div>
    </section>
  );
}
