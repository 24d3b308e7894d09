import { SHOWCASE_DEMO_PRICES } from '@shared/plans';
import { formatNumber, useSite } from '@views/site/context';
import { Icon, type TIconName } from './icons';
import { Entry, entryText, SoonBadge, soonAttributes, type TEntry } from './marks';
import { Section } from './section';

/** `soon` (of the item or of a detail) names the roadmap feature it depends on, when it is not built yet. */
type TShowcaseItem = { title: string; description: string; details: TEntry[]; soon?: string };

/** Spec §3 feature showcase item: id 1-4, title, description, colour, detail list. */
const ITEM_STYLE: Array<{ icon: TIconName; colour: string }> = [
  { icon: 'key', colour: 'bg-amber-100 text-amber-800' },
  { icon: 'video', colour: 'bg-rose-100 text-rose-800' },
  { icon: 'book', colour: 'bg-emerald-100 text-emerald-800' },
  { icon: 'shield', colour: 'bg-sky-100 text-sky-800' },
];

function DemoPrices() {
  const { t, lng } = useSite();
  const rows = [
    ['monthly', SHOWCASE_DEMO_PRICES.monthly],
    ['yearly', SHOWCASE_DEMO_PRICES.yearly],
    ['oneTime', SHOWCASE_DEMO_PRICES.oneTime],
  ] as const;
  return (
    <div className="mt-5 rounded-xl bg-white/70 p-4">
      <p className="text-sm font-bold">{t('showcase.demo.title')}</p>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center" data-testid="demo-prices">
        {rows.map(([key, amount]) => (
          <div key={key} className="rounded-lg bg-white p-2 shadow-sm">
            <dt className="text-xs text-gray-600">{t(`showcase.demo.${key}`)}</dt>
            <dd className="text-sm font-extrabold text-gray-900">{t('showcase.demo.amount', { amount: formatNumber(lng, amount) })}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Slide({ item, index, total }: { item: TShowcaseItem; index: number; total: number }) {
  const { t } = useSite();
  const style = ITEM_STYLE[index] ?? ITEM_STYLE[0]!;
  return (
    <div
      data-slide={index + 1}
      data-active={index === 0 ? '' : undefined}
      role="group"
      aria-roledescription={t('a11y.slideRole')}
      aria-label={t('a11y.slide', { n: index + 1, total })}
      {...soonAttributes(item.soon)}
      className={`rounded-2xl p-6 sm:p-8 ${style.colour}`}
    >
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-white/80">
          <Icon name={style.icon} className="h-6 w-6" />
        </span>
        <div>
          <h3 className="text-xl font-extrabold">
            {item.title}
            <SoonBadge feature={item.soon} />
          </h3>
          <p className="mt-1">{item.description}</p>
        </div>
      </div>
      <ul className="mt-5 grid gap-2 sm:grid-cols-2">
        {item.details.map((d) => (
          <li key={entryText(d)} className="flex gap-2 text-sm font-medium">
            <Icon name="check" className="h-4 w-4 shrink-0" />
            <Entry entry={d} />
          </li>
        ))}
      </ul>
      {index === 3 && <DemoPrices />}
    </div>
  );
}

/**
 * Spec §2.1 features showcase: four items in a carousel that cycles 1→4 on its own and wraps; a horizontal
 * swipe over 50 px moves it. Without the script every item is listed; the script shows one at a time.
 */
export function Showcase() {
  const { t, list } = useSite();
  const items = list<TShowcaseItem>('showcase.items');
  const button = 'flex h-11 w-11 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-gray-50';
  return (
    <Section id="showcase" title={t('showcase.title')} subtitle={t('showcase.subtitle')}>
      <div data-carousel data-index="1" aria-roledescription={t('a11y.carouselRole')} aria-label={t('showcase.label')} className="mx-auto max-w-3xl">
        <div data-carousel-track aria-live="polite" className="carousel-track grid gap-6">
          {items.map((item, i) => (
            <Slide key={item.title} item={item} index={i} total={items.length} />
          ))}
        </div>
        <div data-carousel-controls hidden className="mt-6 flex items-center justify-center gap-4">
          <button type="button" data-carousel-prev className={button}>
            <Icon name="arrowPrev" />
            <span className="sr-only">{t('a11y.previous')}</span>
          </button>
          <ul className="flex gap-2">
            {items.map((item, i) => (
              <li key={item.title}>
                <button
                  type="button"
                  data-carousel-dot={i + 1}
                  aria-label={t('a11y.goTo', { n: i + 1 })}
                  aria-current={i === 0 ? 'true' : undefined}
                  className="flex h-6 w-6 items-center justify-center"
                >
                  <span className="h-2.5 w-2.5 rounded-full bg-gray-300 [[aria-current]>&]:w-6 [[aria-current]>&]:bg-primary-700" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" data-carousel-next className={button}>
            <Icon name="arrowNext" />
            <span className="sr-only">{t('a11y.next')}</span>
          </button>
          {/* Automatic rotation can be stopped (WCAG 2.2.2); the script swaps the label and the icon. */}
          <button
            type="button"
            data-carousel-toggle
            data-pause-label={t('a11y.pause')}
            data-play-label={t('a11y.play')}
            aria-label={t('a11y.pause')}
            className={button}
          >
            <span data-when="rotating">
              <Icon name="pause" />
            </span>
            <span data-when="stopped" hidden>
              <Icon name="play" />
            </span>
          </button>
        </div>
      </div>
    </Section>
  );
}
