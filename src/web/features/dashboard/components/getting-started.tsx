import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_LOCALES } from '@shared/dates';
import { toLanguage } from '@shared/i18n';
import { Card, CardHeader } from '@web/components/ui/card';
import { ArrowForwardIcon, CheckIcon, MessageIcon, SparkIcon, TicketIcon, WalletIcon } from '@web/components/ui/icons';
import { cx } from '@web/lib/cx';
import { gettingStartedQuery, type TGettingStarted } from '@web/features/dashboard/api';

/** Where each step is done. */
const STEP_LINKS: Record<string, string> = {
  landingPage: '/dashboard/landing-pages',
  course: '/teacher/courses',
  payments: '/teacher/transfer-settings',
  cards: '/teacher/codes',
  student: '/teacher/students',
};

const WAITING = [
  { key: 'receipts', to: '/teacher/receipts', icon: WalletIcon },
  { key: 'codeRequests', to: '/teacher/codes', icon: TicketIcon },
  { key: 'messages', to: '/dashboard/messages', icon: MessageIcon },
] as const;

function useNumber() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(DATE_LOCALES[toLanguage(i18n.resolvedLanguage)]);
  return (n: number) => format.format(n);
}

function Checklist({ data }: { data: TGettingStarted }) {
  const { t } = useTranslation('dashboard');
  const number = useNumber();
  const doneCount = data.steps.filter((s) => s.done).length;
  return (
    <Card className="lg:col-span-3" aria-labelledby="getting-started-title" data-testid="getting-started">
      <CardHeader
        id="getting-started-title"
        title={t('gettingStarted.title')}
        description={t('gettingStarted.progress', { done: number(doneCount), total: number(data.steps.length) })}
        icon={<SparkIcon />}
      />
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        {data.steps.map((step, index) => (
          <li key={step.key} data-testid={`step-${step.key}`} data-done={step.done}>
            <Link
              to={STEP_LINKS[step.key] ?? '/teacher/dashboard'}
              className={cx(
                'flex h-full min-h-12 items-start gap-2 rounded-xl border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary-500',
                step.done ? 'border-green-200 bg-green-50 text-green-900' : 'border-gray-200 text-gray-800 hover:border-primary-300 hover:bg-primary-50',
              )}
            >
              <span
                aria-hidden="true"
                className={cx(
                  'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                  step.done ? 'bg-green-600 text-white' : 'bg-gray-100 text-gray-700',
                )}
              >
                {step.done ? <CheckIcon className="h-4 w-4" /> : number(index + 1)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t(`gettingStarted.steps.${step.key}`)}</span>
                <span className={cx('block text-xs', step.done ? 'text-green-800' : 'text-gray-600')}>
                  {step.done ? t('gettingStarted.done') : t(`gettingStarted.hints.${step.key}`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Today({ data }: { data: TGettingStarted }) {
  const { t } = useTranslation('dashboard');
  const number = useNumber();
  const figures = [
    ['students', number(data.today.students)],
    ['revenue', t('gettingStarted.today.dzd', { amount: number(data.today.revenueDzd) })],
    ['views', number(data.today.views)],
  ] as const;
  return (
    <Card className="lg:col-span-3" aria-labelledby="today-title" data-testid="today">
      <CardHeader id="today-title" title={t('gettingStarted.today.title')} />
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-gray-50 p-3">
            <dt className="text-sm text-gray-600">{t(`gettingStarted.today.${key}`)}</dt>
            <dd className="text-2xl font-extrabold text-gray-900" data-testid={`today-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Waiting({ data }: { data: TGettingStarted }) {
  const { t } = useTranslation('dashboard');
  const items = WAITING.filter(({ key }) => data.waiting[key] > 0);
  if (items.length === 0) return null;
  return (
    <Card className="lg:col-span-3" aria-labelledby="waiting-title" data-testid="waiting">
      <CardHeader id="waiting-title" title={t('gettingStarted.waiting.title')} />
      <ul className="grid gap-2 sm:grid-cols-3">
        {items.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`waiting-${key}`}
              className="flex min-h-12 items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 hover:border-amber-300 focus-visible:outline-2 focus-visible:outline-primary-500"
            >
              <Icon className="h-5 w-5 shrink-0" />
              <span className="min-w-0 flex-1">{t(`gettingStarted.waiting.${key}`, { count: data.waiting[key] })}</span>
              <ArrowForwardIcon className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * Issue 24, defect 13: what waits for the teacher first, then, while the platform is new, the getting-started
 * checklist (ticked from real data by the server); once every step is done, the day's numbers take its place.
 */
export function GettingStarted() {
  const query = useQuery(gettingStartedQuery);
  if (!query.data) return null;
  return (
    <>
      <Waiting data={query.data} />
      {query.data.complete ? <Today data={query.data} /> : <Checklist data={query.data} />}
    </>
  );
}
