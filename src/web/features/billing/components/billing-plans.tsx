import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDzd } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { WalletIcon } from '@web/components/ui/icons';
import { Notice } from '@web/components/ui/notice';
import { billingApi, billingKeys, type TBillingOverview } from '@web/features/billing/api';
import { useErrorText } from '@web/lib/api-errors';
import { cx } from '@web/lib/cx';
import { useDateFormat } from '@web/lib/format';
import { notify } from '@web/lib/notify';

type TPeriod = 'monthly' | 'annual';
type TQuote = TBillingOverview['quotes'][number];

/** An amount in dinars in the page's language: "3.000 دج", "3,000 DZD", "3 000 DA" (decision 121). */
export function useDzd() {
  const { i18n } = useTranslation('billing');
  const lng = toLanguage(i18n.resolvedLanguage);
  return (n: number) => formatDzd(lng, n);
}

function QuoteDetails({ quote, trialDaysLeft }: { quote: TQuote; trialDaysLeft: number }) {
  const { t } = useTranslation('billing');
  const dzd = useDzd();
  const formatDate = useDateFormat();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="plan-quote">
      <dt className="text-gray-600">{t('page.price')}</dt>
      <dd className="text-end tabular-nums">{dzd(quote.priceDzd)}</dd>
      {quote.creditDzd > 0 && (
        <>
          <dt className="text-gray-600">{t('page.credit')}</dt>
          <dd className="text-end tabular-nums text-green-700">−{dzd(quote.creditDzd)}</dd>
        </>
      )}
      <dt className="font-bold">{t('page.due')}</dt>
      <dd className="text-end font-bold tabular-nums" data-testid="plan-due">
        {dzd(quote.amountDzd)}
      </dd>
      {quote.bonusDays > 0 && <p className="col-span-2 text-green-700">{t('page.bonus', { days: quote.bonusDays })}</p>}
      {quote.kind === 'renewal' && <p className="col-span-2 text-gray-600">{t('page.renewal')}</p>}
      <p className="col-span-2 text-gray-600" data-testid="plan-period">
        {t(quote.kind === 'renewal' ? 'page.renewalEnds' : 'page.periodEnds', { date: formatDate(quote.endsAt) })}
      </p>
      {/* Said before paying: paying during the trial gives up its remaining days (decision 117). */}
      {trialDaysLeft > 0 && (
        <p className="col-span-2 rounded-lg bg-amber-50 p-2 text-amber-900" data-testid="trial-forfeit">
          {t('page.trialForfeit', { days: trialDaysLeft })}
        </p>
      )}
    </dl>
  );
}

/**
 * No way to pay is configured (production without Darsi's Chargily key or transfer details): the teacher learns what
 * to do meanwhile, the operator what to set (issue 24). The demo never gets here: `npm start` runs the stand-in.
 */
function NoPayment() {
  const { t } = useTranslation('billing');
  return (
    <div className="space-y-2" data-testid="billing-no-payment">
      <Notice tone="info">{t('page.noPayment')}</Notice>
      <a href="/contact" className="inline-block text-sm font-medium text-primary-700 underline">
        {t('page.contact')}
      </a>
      <p className="text-xs text-gray-600" data-testid="billing-operator-hint" dir="auto">
        {t('page.operator')}
      </p>
    </div>
  );
}

/** Monthly or annual: the prices shown and the period bought follow it. */
function PeriodSwitch({ period, setPeriod }: { period: TPeriod; setPeriod: (period: TPeriod) => void }) {
  const { t } = useTranslation('billing');
  return (
    <div role="radiogroup" aria-label={t('page.choose')} className="mb-4 inline-flex rounded-lg border border-gray-200 p-1">
      {(['monthly', 'annual'] as const).map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={period === p}
          onClick={() => setPeriod(p)}
          className={cx('rounded-md px-4 py-1.5 text-sm', period === p ? 'bg-primary-600 text-white' : 'text-gray-700')}
        >
          {t(`page.${p}`)}
        </button>
      ))}
    </div>
  );
}

/** Buys a plan for a period: by card (off to the checkout) or by transfer (an invoice to pay). */
function useBuyPlan(plan: TBillingOverview['quotes'][number]['plan'], period: TPeriod) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (method: 'card' | 'transfer') => billingApi.createInvoice({ plan, period, method }),
    onSuccess: async (invoice) => {
      if (invoice.checkoutUrl) {
        window.location.assign(invoice.checkoutUrl);
        return;
      }
      if (invoice.status === 'paid') notify.success(t('page.paid'));
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: (error) => notify.error(errorText(error)),
  });
}

/** The three plans of spec §9, monthly or annual, with today's prorated price and the ways to pay it. */
export function BillingPlans({ overview }: { overview: TBillingOverview }) {
  const { t } = useTranslation(['billing', 'dashboard']);
  const dzd = useDzd();
  const [period, setPeriod] = useState<TPeriod>((overview.period as TPeriod | null) ?? 'monthly');
  const [plan, setPlan] = useState(overview.status === 'trial' || overview.status === 'expired' ? 'independent' : overview.plan);
  const quote = overview.quotes.find((q) => q.plan === plan && q.period === period)!;
  const buy = useBuyPlan(quote.plan, period);
  const limits = quote.broken.map((b) => t(`limits.${b}`)).join(', ');
  return (
    <Card aria-labelledby="choose-title">
      <CardHeader id="choose-title" title={t('page.choose')} icon={<WalletIcon />} />
      <PeriodSwitch period={period} setPeriod={setPeriod} />
      <div className="grid gap-3 sm:grid-cols-3">
        {overview.quotes
          .filter((q) => q.period === period)
          .map((q) => (
            <button
              key={q.plan}
              type="button"
              aria-pressed={plan === q.plan}
              data-testid={`plan-${q.plan}`}
              onClick={() => setPlan(q.plan)}
              className={cx('rounded-xl border p-4 text-start', plan === q.plan ? 'border-primary-500 ring-2 ring-primary-200' : 'border-gray-200')}
            >
              <span className="block font-bold">{t(`dashboard:plans.${q.plan}`)}</span>
              <span className="block text-sm text-gray-600">{t(period === 'monthly' ? 'page.perMonth' : 'page.perYear', { price: dzd(q.priceDzd) })}</span>
              {overview.plan === q.plan && overview.status !== 'trial' && overview.status !== 'expired' && (
                <span className="mt-1 block text-xs text-primary-700">{t('page.currentBadge')}</span>
              )}
            </button>
          ))}
      </div>
      <div className="mt-4 space-y-3">
        <QuoteDetails quote={quote} trialDaysLeft={overview.trialDaysLeft} />
        {quote.broken.length > 0 ? (
          <Notice tone="error">{t('page.blockedBy', { limits })}</Notice>
        ) : quote.amountDzd === 0 ? (
          <Button busy={buy.isPending} onClick={() => buy.mutate('card')}>
            {t('page.activateFree')}
          </Button>
        ) : !overview.card && !overview.transfer ? (
          <NoPayment />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              busy={buy.isPending && buy.variables === 'card'}
              disabled={!overview.card || buy.isPending}
              onClick={() => buy.mutate('card')}
              data-testid="pay-card"
            >
              {t('page.payCard')}
            </Button>
            {overview.transfer && (
              <Button
                variant="secondary"
                busy={buy.isPending && buy.variables === 'transfer'}
                disabled={buy.isPending}
                onClick={() => buy.mutate('transfer')}
                data-testid="pay-transfer"
              >
                {t('page.payTransfer')}
              </Button>
            )}
            {!overview.card && <p className="w-full text-sm text-gray-600">{t('page.cardOffTransfer')}</p>}
          </div>
        )}
      </div>
    </Card>
  );
}
